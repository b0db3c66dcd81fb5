import type { Case } from "../../core/suite/case.ts";
import type { Location } from "./locate.ts";
import type { KeyPath } from "./toml_locator.ts";

/** Cases read from a file beside the suite, and where each one was written. */
export interface LoadedCases {
  /** Each case of the file in order: whole, or a stand-in for one the loader's filter drops. */
  cases: Case[];
  /** Where case `index` of this file (and a key path inside it) was written. */
  locate(index: number, path: KeyPath): Location;
  /** Case `index` of this file read whole again from its line or row, as it was read first. */
  caseAt(index: number): Case;
  /** Frees the file's text or bytes, once the suite is built and nothing is located or re-read. */
  release?(): void;
}
