import { scrubbedJson } from "../process/secrets.ts";
import { join } from "node:path";
import {
  type DecisionLine,
  type JournalLine,
  JournalLineSchema,
  type LabelLine,
} from "../../core/operator/journal.ts";
import { refuseLinkedWrite } from "../files/no_links.ts";
import { readNamedFile } from "../files/read_named_file.ts";
import { JournalRefusedError, UsageError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";

/** Where a suite's decisions are journaled: append-only, and kept out of version control. */
export function decisionJournalPath(store: RunStore, suite: string): string {
  return join(store.tenantDir, "decisions", `${suite}.jsonl`);
}

/** Every line of a decision journal, validated; an absent journal has none. */
export async function readDecisionJournal(path: string): Promise<JournalLine[]> {
  let text: string;
  try {
    await Deno.lstat(path);
    text = await readNamedFile(path, { display: path, what: "decision journal" });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  return text.split("\n").filter((l) => l !== "").map((raw, i) => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new JournalRefusedError(path, { line: i + 1, detail: "not a JSON line" });
    }
    const parsed = JournalLineSchema.safeParse(json);
    if (!parsed.success) {
      throw new JournalRefusedError(path, {
        line: i + 1,
        detail: `not a journal line: ${parsed.error.issues[0].message}`,
      });
    }
    return parsed.data;
  });
}

/** Appends one line; the journal is never rewritten. */
export async function appendJournalLine(path: string, line: JournalLine): Promise<number> {
  refuseLinkedWrite(path);
  const before = await readDecisionJournal(path);
  await Deno.mkdir(join(path, ".."), { recursive: true });
  const file = await Deno.open(path, { append: true, create: true });
  try {
    const bytes = new TextEncoder().encode(scrubbedJson(line) + "\n");
    let written = 0;
    while (written < bytes.length) written += await file.write(bytes.subarray(written));
  } finally {
    file.close();
  }
  return before.length + 1;
}

/** The suite's earlier decisions, oldest first, for a clause's max_cycles. */
export function pastDecisions(lines: readonly JournalLine[]): DecisionLine[] {
  return lines.filter((l): l is DecisionLine => l.entry === "decision");
}

/**
 * Records a person's answer beside a decision line: would they have wanted to be woken? The
 * answer is a new line naming the one it answers, so the journal stays append-only.
 */
export async function labelDecision(
  path: string,
  options: { line: number; wanted: LabelLine["wanted"]; at: Date },
): Promise<LabelLine> {
  const lines = await readDecisionJournal(path);
  const target = lines[options.line - 1];
  if (target === undefined || target.entry !== "decision") {
    throw new UsageError(
      `${path} has no decision on line ${options.line} (it has ${lines.length} lines; decisions are on ${
        lines.flatMap((l, i) => (l.entry === "decision" ? [i + 1] : [])).join(", ") || "none"
      })`,
    );
  }
  const label: LabelLine = {
    entry: "label",
    line: options.line,
    wanted: options.wanted,
    answered_at: options.at.toISOString(),
  };
  await appendJournalLine(path, label);
  return label;
}
