import { type BaselineMeasure, measureBaseline } from "./baseline_measure.ts";
import { stablePass } from "./check_history.ts";
import type { ConfirmationPlan } from "./confirmation_document.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import { type ConfirmationOutcome, sequentialOutcome } from "../statistics/sequential_test.ts";

/**
 * What `compare --confirm` draws again: every baseline-noisy case its planned number of times,
 * and every check that passed in each baseline run and failed in the run until its sequential
 * test decides (at most `confirm_draws` times).
 */
export function planConfirmation(
  baseline: readonly RunDocument[] | BaselineMeasure,
  candidate: RunDocument,
): ConfirmationPlan {
  const measure = "history" in baseline ? baseline : measureBaseline(baseline);
  const { history, gate, noisyDraws } = measure;
  const before = new Map(measure.runs[0].cases.map((c) => [c.case_id, c]));
  const noisy: ConfirmationPlan["noisy"] = [];
  const stable: ConfirmationPlan["stable"] = [];
  for (const c of candidate.cases) {
    if (c.kind !== "normal" || before.get(c.case_id)?.kind !== "normal") continue;
    const draws = noisyDraws.get(c.case_id);
    if (draws !== undefined) noisy.push({ case_id: c.case_id, draws });
    const checks = c.verdicts.filter((v) => {
      const seen = history.get(c.case_id)?.get(v.assertion_id);
      return v.status === "fail" && seen !== undefined && stablePass(seen);
    }).map((v) => v.assertion_id);
    if (checks.length > 0) stable.push({ case_id: c.case_id, checks });
  }
  return { noisy, stable, max_draws: gate.confirm_draws };
}

/** Each case's confirmation draws so far, in the order they were made. */
export function drawsByCase(
  rounds: readonly (readonly CaseResult[])[],
): Map<string, CaseResult[]> {
  const byCase = new Map<string, CaseResult[]>();
  for (const round of rounds) {
    for (const c of round) {
      const draws = byCase.get(c.case_id);
      if (draws === undefined) byCase.set(c.case_id, [c]);
      else draws.push(c);
    }
  }
  return byCase;
}

/** How a stable check that failed fared on confirmation: the decision and the draws behind it. */
export interface CheckConfirmation {
  outcome: Exclude<ConfirmationOutcome, "pending">;
  pass: number;
  fail: number;
  error: number;
}

/** The sequential test's decision on one stable check from its confirmation draws. */
export function checkConfirmation(
  assertionId: string,
  options: { draws: readonly CaseResult[]; maxDraws: number },
): CheckConfirmation {
  const statuses = options.draws.map((d) =>
    d.verdicts.find((v) => v.assertion_id === assertionId)?.status ?? "error"
  );
  const answered = statuses.filter((s) => s !== "error") as ("pass" | "fail")[];
  const outcome = sequentialOutcome(answered, { maxDraws: options.maxDraws });
  return {
    // Draws that ran out (errored, or the rounds ended) leave it undecided, never dismissed.
    outcome: outcome === "pending" ? "undecided" : outcome,
    pass: answered.filter((s) => s === "pass").length,
    fail: answered.filter((s) => s === "fail").length,
    error: statuses.length - answered.length,
  };
}

/**
 * The cases to draw in the next round, in plan order; none once every noisy case has its draws
 * and every stable check has been decided or has had `max_draws` draws.
 */
export function nextDraws(
  plan: ConfirmationPlan,
  rounds: readonly (readonly CaseResult[])[],
): string[] {
  const byCase = drawsByCase(rounds);
  const wanted = new Set<string>();
  for (const n of plan.noisy) {
    if ((byCase.get(n.case_id)?.length ?? 0) < n.draws) wanted.add(n.case_id);
  }
  for (const s of plan.stable) {
    const draws = byCase.get(s.case_id) ?? [];
    if (draws.length >= plan.max_draws) continue;
    const open = s.checks.some((id) => {
      const statuses = draws.map((d) => d.verdicts.find((v) => v.assertion_id === id)?.status);
      const answered = statuses.filter((x) => x === "pass" || x === "fail");
      return sequentialOutcome(answered, { maxDraws: plan.max_draws }) === "pending";
    });
    if (open) wanted.add(s.case_id);
  }
  return [...wanted];
}
