import { extname } from "node:path";
import type { CaseFilter } from "./case_filter.ts";
import { parseJsonlCases } from "./cases_jsonl.ts";
import type { LoadedCases } from "./loaded_cases.ts";
import { readNamedFile } from "../read_named_file.ts";

/** The extensions a cases file may have. */
export const CASES_FILE_EXTENSIONS: readonly string[] = [".jsonl", ".csv", ".tsv"];

/**
 * Reads a cases file: `.jsonl` (one case object a line), `.csv` or `.tsv` (a header row, then
 * one case a row). `display` is the path as a refusal names it. Returns undefined for any other
 * extension, which the caller refuses where the file is named. With a `filter`, the cases it does
 * not keep are read and checked as ever, then held as stand-ins.
 */
export async function loadCasesFile(
  path: string,
  options: { display: string; filter?: CaseFilter },
): Promise<LoadedCases | undefined> {
  const extension = extname(path).toLowerCase();
  if (!CASES_FILE_EXTENSIONS.includes(extension)) return undefined;
  const text = await readNamedFile(path, { display: options.display, what: "cases file" });
  const file = options.display;
  const filter = options.filter;
  if (extension === ".jsonl") return await parseJsonlCases(text, { file, filter });
  // csv-parse and the node modules it needs cost a JSONL suite's load 20-100 ms: only a table
  // loads them.
  const { parseTableCases } = await import("./cases_table.ts");
  return await parseTableCases(text, {
    file,
    delimiter: extension === ".tsv" ? "\t" : ",",
    filter,
  });
}

export type { LoadedCases } from "./loaded_cases.ts";
