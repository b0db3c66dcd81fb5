import { extname } from "node:path";
import type { Case } from "../../core/case.ts";
import { parseJsonlCases } from "./cases_jsonl.ts";
import { parseTableCases } from "./cases_table.ts";
import type { Location } from "./locate.ts";
import { readNamedFile } from "../read_named_file.ts";
import type { KeyPath } from "./toml_locator.ts";

/** Cases read from a file beside the suite, and where each one was written. */
export interface LoadedCases {
  cases: Case[];
  /** Where case `index` of this file (and a key path inside it) was written. */
  locate(index: number, path: KeyPath): Location;
}

/** The extensions a cases file may have. */
export const CASES_FILE_EXTENSIONS: readonly string[] = [".jsonl", ".csv", ".tsv"];

/**
 * Reads a cases file: `.jsonl` (one case object a line), `.csv` or `.tsv` (a header row, then
 * one case a row). `display` is the path as a refusal names it. Returns undefined for any other
 * extension, which the caller refuses where the file is named.
 */
export async function loadCasesFile(
  path: string,
  options: { display: string },
): Promise<LoadedCases | undefined> {
  const extension = extname(path).toLowerCase();
  if (!CASES_FILE_EXTENSIONS.includes(extension)) return undefined;
  const text = await readNamedFile(path, { display: options.display, what: "cases file" });
  const file = options.display;
  if (extension === ".jsonl") return parseJsonlCases(text, { file });
  return parseTableCases(text, { file, delimiter: extension === ".tsv" ? "\t" : "," });
}
