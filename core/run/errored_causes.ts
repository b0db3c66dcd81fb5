import type { CaseResult } from "./run_document.ts";
import { grouped } from "../grouped.ts";
import type { Verdict } from "../verdict.ts";

/** Errored checks that share a cause: the first line of their reason, and which they are. */
export interface ErroredCause {
  /** The first line of the reason the checks errored with. */
  cause: string;
  count: number;
  /** `case · check` names, as many as `count`. */
  checks: string[];
}

/**
 * Longest cause kept whole. A cause's end is often what failed ("...: Connection refused"), so a
 * line is cut only past what no cause a check or a transport writes reaches: a longer one is a
 * dump (a program's whole output on one line), not a cause.
 */
const CAUSE_LENGTH = 2_000;

/**
 * A run's errored checks grouped by cause, most frequent first: twelve checks that errored
 * because the database was down are one line with a count, not twelve.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const v = (reason: string) =>
 *   ({ assertion_id: "0123456789abcdef", assertion: "ok", status: "error" as const, reason, metadata: {} });
 * const c = (id: string, reason: string) =>
 *   ({ case_id: id, kind: "normal" as const, verdicts: [v(reason)], latency_ms: 0, attempts: 1 });
 * const causes = erroredCauses([c("a", "down\ntrace"), c("b", "down"), c("c", "slow")]);
 * assertEquals(causes.map((g) => [g.cause, g.count]), [["down", 2], ["slow", 1]]);
 * ```
 */
export function erroredCauses(cases: readonly CaseResult[]): ErroredCause[] {
  return causesOf(erroredVerdicts(cases));
}

/** One errored verdict of a run, with its case. */
export interface ErroredVerdict {
  case: CaseResult;
  verdict: Verdict;
}

/**
 * A run's errored verdicts with their cases, in the run's order: one walk over every verdict,
 * which compare makes once and reads for each fact about errors (at 10,000 cases of five checks
 * each walk was a few milliseconds of code too cold for V8 to have optimised).
 */
export function erroredVerdicts(cases: readonly CaseResult[]): ErroredVerdict[] {
  const errored: ErroredVerdict[] = [];
  for (let i = 0; i < cases.length; i++) {
    const verdicts = cases[i].verdicts;
    for (let j = 0; j < verdicts.length; j++) {
      if (verdicts[j].status === "error") errored.push({ case: cases[i], verdict: verdicts[j] });
    }
  }
  return errored;
}

/** erroredCauses of the errored verdicts erroredVerdicts found. */
export function causesOf(errored: readonly ErroredVerdict[]): ErroredCause[] {
  const groups = new Map<string, ErroredCause>();
  for (const { case: c, verdict: v } of errored) {
    const cause = firstLine(v.reason);
    const group = groups.get(cause) ?? { cause, count: 0, checks: [] };
    group.count += 1;
    group.checks.push(`${c.case_id} · ${v.assertion}`);
    groups.set(cause, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.cause < b.cause ? -1 : 1));
}

/** Each cause as one line: "12 checks errored: the command exited 1: database unavailable". */
export function erroredCauseLines(causes: readonly ErroredCause[]): string[] {
  return causes.map((g) =>
    `${grouped(g.count)} ${g.count === 1 ? "check" : "checks"} errored: ${g.cause}`
  );
}

function firstLine(reason: string | undefined): string {
  const line = (reason ?? "").split("\n").map((l) => l.trim()).find((l) => l !== "");
  if (line === undefined) return "no reason was given";
  return line.length > CAUSE_LENGTH ? `${line.slice(0, CAUSE_LENGTH - 3)}...` : line;
}
