import type { Case } from "../../core/suite/case.ts";
import { type CaseFilter, holding } from "./case_filter.ts";
import { type FileLines, textLines } from "./file_lines.ts";
import { type SuiteIssue, suiteLoadErrorFromIssues } from "../process/refusals.ts";
import type { LoadedCases } from "./loaded_cases.ts";
import { locateJsonColumn } from "./json_locator.ts";
import { TOO_DEEP_MESSAGE, tooDeepPath } from "../../core/nesting.ts";
import { dotted } from "./key_label.ts";
import { plainDocument } from "../../core/documents/read_document.ts";
import { CASE } from "./case_kind.ts";

/** The case schema and its words, imported at the first line plainCase does not take. */
type CaseReader = typeof import("./case_reader.ts");

/**
 * Reads JSONL cases: one case object per line, blank lines skipped. Every bad line is reported
 * at its own line, and the refusal states the first. A case `filter` does not keep is held as
 * its stand-in.
 */
export async function parseJsonlCases(
  text: string | FileLines,
  options: { file: string; filter?: CaseFilter },
): Promise<LoadedCases> {
  const { file, filter } = options;
  const held = holding(filter);
  const unplain: UnplainLine[] = [];
  const lines = typeof text === "string" ? textLines(text) : text;
  const cases: Case[] = [];
  const caseLines: number[] = [];
  const issues: SuiteIssue[] = [];
  // Lines plainCase does not take are read by the schema in a second pass, so that loading
  // zod waits on the first such line; the cases keep their order by their line numbers.
  for (let i = 0; i < lines.count; i++) {
    const raw = lines.at(i);
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") continue;
    const at = { file, line: i + 1 };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const { column, message } = jsonSyntaxError(error);
      issues.push({ ...at, column, path: [], message: `not valid JSON: ${message}` });
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ ...at, column: 1, path: [], message: "each line holds one case as an object" });
      continue;
    }
    const deep = tooDeepPath(value);
    if (deep !== undefined) {
      const column = locateJsonColumn(line, deep.slice(0, 1));
      issues.push({ ...at, column, key: keyLabel(deep), path: deep, message: TOO_DEEP_MESSAGE });
      continue;
    }
    const plain = plainCase(value as Record<string, unknown>);
    if (plain !== null) {
      cases.push(held(plain));
      caseLines.push(i + 1);
      continue;
    }
    // Its slot is kept in line order; the schema fills it below, or refuses the line.
    unplain.push({ value, line, at, slot: cases.push(READ_BY_SCHEMA) - 1 });
    caseLines.push(i + 1);
  }
  let reader: CaseReader | undefined;
  if (unplain.length > 0) {
    reader = await import("./case_reader.ts");
    for (const issue of readUnplain(unplain, { reader, held, cases })) issues.push(issue);
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  }
  if (issues.length > 0) throw suiteLoadErrorFromIssues(issues);
  return {
    cases,
    locate(index, path) {
      const line = caseLines[index];
      return {
        file,
        line,
        column: locateJsonColumn(lines.at(line - 1), path),
        key: keyLabel(path),
      };
    },
    caseAt(index) {
      const raw = lines.at(caseLines[index] - 1);
      const value = JSON.parse(raw.endsWith("\r") ? raw.slice(0, -1) : raw);
      const plain = plainCase(value);
      if (plain !== null) return plain;
      // A line plainCase did not take was read by the schema, which was loaded for it then.
      const parsed = reader?.readCase(value);
      if (parsed === undefined || !("testCase" in parsed)) {
        throw new Error(`line ${caseLines[index]} no longer reads`);
      }
      return parsed.testCase;
    },
    release: () => lines.release?.(),
  };
}

/** A line plainCase did not take, and the slot of `cases` its reading goes into. */
interface UnplainLine {
  value: unknown;
  line: string;
  at: { file: string; line: number };
  slot: number;
}

/** Where a line plainCase did not take waits for the schema's reading, in line order. */
const READ_BY_SCHEMA = null as unknown as Case;

/**
 * Reads the lines plainCase did not take with the schema, as the loader always has, each into
 * its slot of `cases`; returns what the schema refused.
 */
function readUnplain(
  lines: readonly UnplainLine[],
  options: { reader: CaseReader; held: (testCase: Case) => Case; cases: Case[] },
): SuiteIssue[] {
  const issues: SuiteIssue[] = [];
  for (const { value, line, at, slot } of lines) {
    const parsed = options.reader.readCase(value);
    if ("problems" in parsed) {
      for (const issue of parsed.problems) {
        issues.push({
          ...at,
          column: locateJsonColumn(line, issue.path),
          key: keyLabel(issue.path),
          path: issue.path,
          message: issue.message,
        });
      }
      continue;
    }
    options.cases[slot] = options.held(parsed.testCase);
  }
  return issues;
}

/**
 * A case line or row as CaseSchema returns it, defaults filled in, through the schema's generated
 * validator; null for anything it refuses, which CaseSchema then reads (a number as an id, a
 * digit string as repeats) or refuses in its own words (ADR 0077).
 */
export function plainCase(value: Record<string, unknown>): Case | null {
  return plainDocument(CASE, value) ?? null;
}

function keyLabel(path: readonly (string | number)[]): string | undefined {
  return path.length === 0 ? undefined : `key "${dotted(path)}"`;
}

/** V8 says where JSON broke as "(line 1 column 7)" or "at position 6"; either gives a column. */
function jsonSyntaxError(error: unknown): { column: number; message: string } {
  const text = error instanceof Error ? error.message : String(error);
  const lineColumn = /\(line \d+ column (\d+)\)/.exec(text);
  const position = /at position (\d+)/.exec(text);
  const column = lineColumn ? Number(lineColumn[1]) : position ? Number(position[1]) + 1 : 1;
  const message = text.replace(/,? (?:in JSON )?at position \d+.*$/, "").replace(/ in JSON$/, "");
  return { column, message };
}
