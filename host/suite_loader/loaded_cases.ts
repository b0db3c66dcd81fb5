import type { Case } from "../../core/suite/case.ts";
import type { Location } from "./locate.ts";
import type { KeyPath } from "./toml_locator.ts";

/** Cases read from a file beside the suite, and where each one was written. */
export interface LoadedCases {
  cases: Case[];
  /** Where case `index` of this file (and a key path inside it) was written. */
  locate(index: number, path: KeyPath): Location;
}
