import { type BaselineMeasure, measureBaseline } from "./baseline_measure.ts";
import { stablePass } from "./check_history.ts";
import type { ConfirmationPlan } from "./confirmation_document.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import { type ConfirmationOutcome, sequentialOutcome } from "../statistics/sequential_test.ts";
import { allFailOutcome, rerunsForFamilyError } from "../statistics/all_fail_rule.ts";
import { CONFIRM_SHARE } from "./alpha_split.ts";

/**
 * What `compare --confirm` draws again: every baseline-noisy case its planned number of times,
 * and every check that passed in each baseline run and failed in the run until it passes once or
 * has failed k times in a row. k is fixed from the baseline alone: the fewest reruns that keep
 * the chance of confirming any break of an unchanged system within the confirmations' share of
 * alpha, over every stable check of the baseline, whatever their failure rates
 * (rerunsForFamilyError), at most `confirm_draws`.
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
  const confirmAlpha = gate.alpha * CONFIRM_SHARE;
  const checks = stableChecks(measure);
  const k = rerunsForFamilyError({
    checks,
    runs: measure.runs.length,
    alpha: confirmAlpha,
    max: gate.confirm_draws,
  });
  const bounded = checks === 0 ||
    rerunsForFamilyError({ checks, runs: measure.runs.length, alpha: confirmAlpha, max: 100 }) <=
      k;
  return {
    noisy,
    stable,
    max_draws: k,
    rule: "all-fail",
    confirm_alpha: confirmAlpha,
    bounded,
  };
}

/** How many checks of normal cases passed in every baseline run: the family the reruns guard. */
function stableChecks(measure: BaselineMeasure): number {
  let count = 0;
  for (const c of measure.runs[0].cases) {
    if (c.kind !== "normal") continue;
    for (const statuses of measure.history.get(c.case_id)?.values() ?? []) {
      if (stablePass(statuses)) count += 1;
    }
  }
  return count;
}

/** One check's outcome so far under the plan's rule. */
function ruleOutcome(
  answered: readonly ("pass" | "fail")[],
  plan: Pick<ConfirmationPlan, "max_draws" | "rule">,
): ConfirmationOutcome {
  if (plan.rule === "all-fail") {
    const outcome = allFailOutcome(answered, { k: plan.max_draws });
    return outcome === "pending" && answered.length >= plan.max_draws ? "undecided" : outcome;
  }
  return sequentialOutcome(answered, { maxDraws: plan.max_draws });
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

/** The plan's rule's decision on one stable check from its confirmation draws. */
export function checkConfirmation(
  assertionId: string,
  options: { draws: readonly CaseResult[]; plan: Pick<ConfirmationPlan, "max_draws" | "rule"> },
): CheckConfirmation {
  const statuses = options.draws.map((d) =>
    d.verdicts.find((v) => v.assertion_id === assertionId)?.status ?? "error"
  );
  const answered = statuses.filter((s) => s !== "error") as ("pass" | "fail")[];
  const outcome = ruleOutcome(answered, options.plan);
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
      return ruleOutcome(answered, plan) === "pending";
    });
    if (open) wanted.add(s.case_id);
  }
  return [...wanted];
}
