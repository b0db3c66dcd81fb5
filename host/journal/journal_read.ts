import { z } from "zod";
import { CaseResultSchema, RunIdSchema } from "../../core/run/run_document.ts";
import type { CaseResult } from "../../core/run/run_document.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { Digest16Schema } from "../../core/verdict.ts";
import type { SameType } from "../../core/same_type.ts";
import { JournalRefusedError } from "../process/refusals.ts";
import type { JournalHeader } from "./journal_header.ts";

/**
 * A journal's schemas and its check, apart from the writer: `run` loads them (and zod) only when
 * an interrupted run left a journal to read.
 *
 * @module
 */

/** A journal read back and checked, ready to resume from. */
export interface CheckedJournal {
  header: JournalHeader;
  entries: Map<string, CaseResult>;
  /** The line number of a torn last line that will be dropped, if there was one. */
  tornLine: number | null;
  /** The byte length of the intact part: what the file is cut to before appending. */
  intactBytes: number;
}

export const JournalHeaderSchema = z.strictObject({
  journal: z.literal(1),
  run_id: RunIdSchema,
  suite: z.string(),
  cases_digest: Digest16Schema,
  config_hash: Digest16Schema,
  started_at: z.iso.datetime(),
  git_commit: z.string().nullable(),
});
const _header: SameType<JournalHeader, z.infer<typeof JournalHeaderSchema>> = true;

/**
 * Reads a journal and checks every line before any call is made: a torn last line (a kill
 * mid-write) is noted for dropping; anything else wrong is refused naming its line, and the
 * file is left as it was. Returns null when the header was never written whole.
 */
export function checkJournal(
  text: string,
  options: { path: string; suite: Suite },
): CheckedJournal | null {
  const { path, suite } = options;
  const lines = text.split("\n");
  // The text after the last newline is either nothing or a line a kill cut short.
  const complete = lines.slice(0, -1);
  const torn = text.endsWith("\n") || text === "" ? null : lines.length;
  // Killed before the header was whole: nothing finished, so there is nothing to resume.
  if (complete.length === 0) return null;
  const header = parseLine(complete[0], { path, line: 1, schema: JournalHeaderSchema });
  for (const key of ["suite", "cases_digest", "config_hash"] as const) {
    const now = key === "suite" ? suite.name : suite[key];
    if (header[key] !== now) {
      throw new JournalRefusedError(path, {
        line: 1,
        detail: `the interrupted run was of another ${key.replace("_", " ")} (${
          header[key]
        }, now ${now}); start over with run --restart`,
      });
    }
  }
  const declared = new Map(suite.cases.map((c) => [c.id, c]));
  const entries = new Map<string, CaseResult>();
  complete.slice(1).forEach((raw, i) => {
    const line = i + 2;
    const entry = parseLine(raw, { path, line, schema: CaseResultSchema });
    const testCase = declared.get(entry.case_id);
    if (testCase === undefined) {
      throw new JournalRefusedError(path, {
        line,
        detail:
          `case "${entry.case_id}" is not declared by suite ${suite.name}; start over with run --restart`,
      });
    }
    if (entries.has(entry.case_id)) {
      throw new JournalRefusedError(path, {
        line,
        detail: `case "${entry.case_id}" is journaled twice; start over with run --restart`,
      });
    }
    const suspended = entry.kind === "suspended" && testCase.kind === "suspended";
    if (entry.verdicts.length === 0 && !suspended) {
      throw new JournalRefusedError(path, {
        line,
        detail:
          `case "${entry.case_id}" has neither verdicts nor a suspension; start over with run --restart`,
      });
    }
    entries.set(entry.case_id, entry);
  });
  const intact = complete.join("\n") + "\n";
  return {
    header,
    entries,
    tornLine: torn,
    intactBytes: new TextEncoder().encode(intact).length,
  };
}

function parseLine<S extends z.ZodType>(
  raw: string | undefined,
  options: { path: string; line: number; schema: S },
): z.infer<S> {
  if (raw === undefined || raw.trim() === "") {
    throw new JournalRefusedError(options.path, {
      line: options.line,
      detail: "an empty line where a journal entry should be; start over with run --restart",
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new JournalRefusedError(options.path, {
      line: options.line,
      detail: `not JSON (${(error as Error).message}); start over with run --restart`,
    });
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JournalRefusedError(options.path, {
      line: options.line,
      detail: `${
        issue.path.join(".") || "the entry"
      }: ${issue.message}; start over with run --restart`,
    });
  }
  return parsed.data;
}
