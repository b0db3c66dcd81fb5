import { extname } from "node:path";
import type { CaseFilter } from "./case_filter.ts";
import { parseJsonlCases } from "./cases_jsonl.ts";
import { readFileLines } from "./file_lines.ts";
import type { LoadedCases } from "./loaded_cases.ts";
import { readNamedFile } from "../files/read_named_file.ts";

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
  const named = { display: options.display, what: "cases file" };
  const file = options.display;
  const filter = options.filter;
  if (extension === ".jsonl") {
    // A shard reads the lines from the file's bytes, one at a time: most of them are other
    // shards' cases, which it checks and drops, and their text need never be held (ADR 0076).
    const lines = filter === undefined
      ? await readNamedFile(path, named)
      : readFileLines(path, named);
    return await parseJsonlCases(lines, { file, filter });
  }
  const text = await readNamedFile(path, named);
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
