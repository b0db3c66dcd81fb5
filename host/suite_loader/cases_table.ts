import { type InfoRecord, parse } from "csv-parse/sync";
import type { Case } from "../../core/suite/case.ts";
import { type SuiteIssue, SuiteLoadError, suiteLoadErrorFromIssues } from "../process/refusals.ts";
import type { LoadedCases } from "./loaded_cases.ts";
import { type CaseFilter, holding } from "./case_filter.ts";
import { plainCase } from "./cases_jsonl.ts";
import type { KeyPath } from "./toml_locator.ts";

/** Columns that fill a case's own fields; every other column is a var. */
const FIELD_COLUMNS = new Set([
  "id",
  "expected",
  "label",
  "group",
  "kind",
  "reason",
  "check",
  "expected_verdict",
  "repeats",
]);

type Column = { field: string } | { variable: string };

interface Row {
  cells: string[];
  /** The line the record ends on, as csv-parse counts. */
  endLine: number;
  raw: string;
}

/**
 * Reads CSV or TSV cases with a header row. `id`, `expected`, `label`, `group`, `kind`,
 * `reason`, `check`, `expected_verdict` and `repeats` fill those fields (an empty cell leaves the field
 * out); every other column, or a column headed `vars.x`, becomes a var holding the cell's text.
 * A case `filter` does not keep is held as its stand-in.
 */
export async function parseTableCases(
  text: string,
  options: { file: string; delimiter: "," | "\t"; filter?: CaseFilter },
): Promise<LoadedCases> {
  const { file, delimiter, filter } = options;
  const held = holding(filter);
  const rows = parseRows(text, options);
  if (rows.length === 0) {
    throw new SuiteLoadError(
      'the file is empty; its first row names the columns, "id" among them',
      {
        file,
        line: 1,
        column: 1,
      },
    );
  }
  const [header, ...records] = rows;
  const columns = readHeader(header, { file, delimiter });
  const cases: Case[] = [];
  const issues: SuiteIssue[] = [];
  let reader: typeof import("./case_reader.ts") | undefined;
  for (const row of records) {
    const input = rowInput(row, columns);
    const plain = plainCase(input);
    if (plain !== null) {
      cases.push(held(plain));
      continue;
    }
    // zod and the case schema load at the first row plainCase does not take.
    reader ??= await import("./case_reader.ts");
    const parsed = reader.readCase(input, { suggestKeys: false });
    if ("testCase" in parsed) {
      cases.push(held(parsed.testCase));
      continue;
    }
    for (const issue of parsed.problems) {
      issues.push({ ...locateCell(row, issue.path), path: issue.path, message: issue.message });
    }
  }
  if (issues.length > 0) throw suiteLoadErrorFromIssues(issues);

  function locateCell(row: Row, path: KeyPath): Omit<SuiteIssue, "path" | "message"> {
    const index = columnIndex(columns, path);
    const line = startLine(row);
    const where = { file, line, column: index < 0 ? 1 : cellColumn(row.raw, index, delimiter) };
    return index < 0 ? where : { ...where, key: `column "${header.cells[index]}"` };
  }

  return {
    cases,
    locate: (index, path) => locateCell(records[index], path),
    caseAt(index) {
      const input = rowInput(records[index], columns);
      const plain = plainCase(input);
      if (plain !== null) return plain;
      // A row plainCase did not take was read by the schema, which was loaded for it then.
      const parsed = reader?.readCase(input, { suggestKeys: false });
      if (parsed === undefined || !("testCase" in parsed)) {
        throw new Error(`row ${startLine(records[index])} no longer reads`);
      }
      return parsed.testCase;
    },
  };
}

/** What a row says of its case, before the case is read: its fields, and its vars. */
function rowInput(row: Row, columns: readonly Column[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const vars: Record<string, string> = {};
  row.cells.forEach((cell, j) => {
    const column = columns[j];
    if ("variable" in column) vars[column.variable] = cell;
    else if (cell !== "") input[column.field] = cell;
  });
  input.vars = vars;
  return input;
}

function parseRows(text: string, options: { file: string; delimiter: "," | "\t" }): Row[] {
  try {
    return parse(text, {
      delimiter: options.delimiter,
      // A sentence in a TSV cell often holds quotes; TSV has no quoting to protect.
      relax_quotes: options.delimiter === "\t",
      record_delimiter: ["\r\n", "\n"],
      skip_empty_lines: true,
      bom: true,
      raw: true,
      // With `raw`, csv-parse hands on_record { record, raw }, and returns whatever it gives back;
      // the typings know neither.
      on_record: (record: unknown, context: InfoRecord) => {
        const row: Row = {
          cells: (record as { record: string[] }).record,
          endLine: context.lines,
          raw: context.raw ?? "",
        };
        return row as unknown as string[];
      },
    }) as unknown as Row[];
  } catch (error) {
    const where = error as { lines?: number; code?: string; message?: string };
    throw new SuiteLoadError(tableErrorMessage(where), {
      file: options.file,
      line: where.lines ?? 1,
      column: 1,
      cause: error,
    });
  }
}

function tableErrorMessage(error: { code?: string; message?: string }): string {
  const message = (error.message ?? String(error)).replace(/\s*(?:at|on) line \d+\.?$/, "");
  const counts = /expect (\d+), got (\d+)/.exec(message);
  if (error.code?.includes("INCONSISTENT") && counts !== null) {
    return `this row has ${counts[2]} cells and the header row ${counts[1]}; ` +
      "every row has one cell per column";
  }
  return message;
}

function readHeader(header: Row, options: { file: string; delimiter: string }): Column[] {
  const cells = header.cells;
  const at = { file: options.file, line: startLine(header) };
  if (!cells.includes("id")) {
    throw new SuiteLoadError(
      `no column is named "id" (the columns are ${cells.map((c) => `"${c}"`).join(", ")}); ` +
        'name the column of case ids "id"',
      { ...at, column: 1, key: "header row" },
    );
  }
  const seen = new Set<string>();
  return cells.map((cell, j) => {
    const column: Column = FIELD_COLUMNS.has(cell)
      ? { field: cell }
      : { variable: cell.startsWith("vars.") ? cell.slice(5) : cell };
    const name = "field" in column ? column.field : `vars.${column.variable}`;
    if (seen.has(name) || cell === "" || cell === "vars.") {
      throw new SuiteLoadError(
        cell === "" || cell === "vars."
          ? "a column has no name; every column needs one"
          : `column "${cell}" is named twice`,
        { ...at, column: cellColumn(header.raw, j, options.delimiter), key: "header row" },
      );
    }
    seen.add(name);
    return column;
  });
}

function columnIndex(columns: readonly Column[], path: KeyPath): number {
  const [head, variable] = path;
  if (head === "vars" && typeof variable === "string") {
    return columns.findIndex((c) => "variable" in c && c.variable === variable);
  }
  return columns.findIndex((c) => "field" in c && c.field === head);
}

/** The record's first line: csv-parse counts lines to where a record ends. */
function startLine(row: Row): number {
  const body = row.raw.replace(/^[\r\n]+/, "").replace(/[\r\n]+$/, "");
  let newlines = 0;
  for (const char of body) if (char === "\n") newlines++;
  return row.endLine - newlines;
}

/**
 * The 1-based column where cell `index` starts on the record's first line; 1 when a quoted
 * cell spanning lines comes before it.
 */
function cellColumn(raw: string, index: number, delimiter: string): number {
  const text = raw.replace(/^[\r\n]+/, "");
  let position = 0;
  for (let cell = 0; cell < index; cell++) {
    if (text[position] === '"') {
      position++;
      while (position < text.length) {
        if (text[position] === '"' && text[position + 1] === '"') position += 2;
        else if (text[position] === '"') break;
        else position++;
      }
    }
    while (position < text.length && text[position] !== delimiter) {
      if (text[position] === "\n") return 1;
      position++;
    }
    position++;
  }
  const before = text.slice(0, position);
  return before.includes("\n") ? 1 : position + 1;
}
