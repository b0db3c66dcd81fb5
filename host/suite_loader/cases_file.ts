import { extname } from "node:path";
import { parseJsonlCases } from "./cases_jsonl.ts";
import type { LoadedCases } from "./loaded_cases.ts";
import { readNamedFile } from "../read_named_file.ts";

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
  if (extension === ".jsonl") return await parseJsonlCases(text, { file });
  // csv-parse and the node modules it needs cost a JSONL suite's load 20-100 ms: only a table
  // loads them.
  const { parseTableCases } = await import("./cases_table.ts");
  return await parseTableCases(text, { file, delimiter: extension === ".tsv" ? "\t" : "," });
}

export type { LoadedCases } from "./loaded_cases.ts";
