import { type BaselineMeasure, measureBaseline } from "./baseline_measure.ts";
import { stablePass } from "./check_history.ts";
import type { ConfirmationPlan } from "./confirmation_document.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import {
  type ConfirmationOutcome,
  sequentialOutcome,
} from "../statistics/sequential_probability_ratio.ts";
import {
  allFailOutcome,
  falseConfirmationBound,
  rerunsForFamilyError,
  rerunsForOnceFailed,
  runsForFamilyError,
} from "../statistics/all_fail_rule.ts";
import { CONFIRM_SHARE, extraCallBudget, noisyBudget } from "./alpha_split.ts";
import { compareFigures } from "./compare_figures.ts";
import { failureCountTest } from "./flip_count.ts";
import { runLevelTotals } from "./run_noise.ts";
import { runLevelPValue, runNoiseWiden } from "../statistics/run_level_noise.ts";
import { withRunVariance } from "../statistics/run_variance.ts";
import { higherIsBetter } from "../suite/aggregate_direction.ts";
import { casesById } from "../run/cases_by_id.ts";

/**
 * Above this p-value of the primary figure on the run alone, the first stage is clear and no
 * noisy case is drawn again: the second stage can only lower a false alarm, never raise one, so
 * the screen costs no alpha, whatever decides its threshold. An unchanged system's p-value is at
 * most the threshold with chance at most the threshold, and then spends the noisy cases' planned
 * draws: so the threshold is lowered below this most until those draws, beside the first draws the
 * plan owes anyway, cost an unchanged system on average at most SCREEN_COST of the compared cases
 * (screenThreshold). A 5-point drop almost always passes it (ADR 0109).
 */
export const SCREEN_THRESHOLD = 0.25;

/**
 * The most the noisy cases' draws and the first draws the plan owes (each failed stable check's
 * case, and the first tries of checks that failed once) cost an unchanged system on average, as a
 * share of the compared cases.
 */
export const SCREEN_COST = 0.1;

/**
 * The screen's threshold for a plan that would draw `planned` times the noisy cases and owes
 * `owed` first draws beside them.
 */
export function screenThreshold(
  options: { planned: number; cases: number; owed?: number },
): number {
  if (options.planned <= 0) return SCREEN_THRESHOLD;
  const allowance = Math.max(0, SCREEN_COST * options.cases - (options.owed ?? 0));
  return Math.min(SCREEN_THRESHOLD, allowance / options.planned);
}

/**
 * What `compare --confirm` draws again, in two stages and within a hard budget of extra calls.
 * Stable checks that passed in each baseline run and failed in the run are drawn until they pass
 * once or have failed k times in a row; k is fixed from the baseline alone: the fewest reruns
 * that keep the chance of confirming any break of an unchanged system within the confirmations'
 * share of alpha, over every check of the suite, whatever their failure rates
 * (rerunsForFamilyError), at most `confirm_draws`. Baseline-noisy cases are drawn again only when
 * the primary figure's test on the run alone is ambiguous (p ≤ SCREEN_THRESHOLD), and only as
 * many as the budget leaves after the stable checks' first draws and one check's k.
 */
export function planConfirmation(
  baseline: readonly RunDocument[] | BaselineMeasure,
  candidate: RunDocument,
  options: {
    /**
     * The most extra calls, when the caller sets it (`compare --max-extra-calls`): in place of
     * the approved suite's `[gate] max_extra_calls`. Fixed before the run's failures are read,
     * so the noisy cases' share stays independent of them.
     */
    maxExtraCalls?: number;
    /** The approval's recorded selection runs, when given runs rather than a measure. */
    selectionRuns?: readonly string[];
  } = {},
): ConfirmationPlan {
  const measure = "history" in baseline
    ? baseline
    : measureBaseline(baseline, { selectionRuns: options.selectionRuns });
  const { history, gate, noisyDraws } = measure;
  const before = new Map(measure.runs[0].cases.map((c) => [c.case_id, c]));
  const noisy: ConfirmationPlan["noisy"] = [];
  const stable: ConfirmationPlan["stable"] = [];
  const onceFailed: ConfirmationPlan["stable"] = [];
  const runs = measure.runs.length;
  const compared: CaseResult[] = [];
  for (const c of candidate.cases) {
    if (c.kind !== "normal" || before.get(c.case_id)?.kind !== "normal") continue;
    compared.push(c);
    const draws = noisyDraws.get(c.case_id);
    if (draws !== undefined) noisy.push({ case_id: c.case_id, draws });
    const checks = c.verdicts.filter((v) => {
      const seen = history.get(c.case_id)?.get(v.assertion_id);
      return v.status === "fail" && seen !== undefined && stablePass(seen);
    }).map((v) => v.assertion_id);
    if (checks.length > 0) stable.push({ case_id: c.case_id, checks });
    const once = c.verdicts.filter((v) => {
      const seen = history.get(c.case_id)?.get(v.assertion_id);
      return v.status === "fail" && seen !== undefined && failedOnce(seen, { runs });
    }).map((v) => v.assertion_id);
    if (once.length > 0) onceFailed.push({ case_id: c.case_id, checks: once });
  }
  const confirmAlpha = gate.alpha * CONFIRM_SHARE;
  const checks = suiteChecks(measure);
  const least = rerunsForFamilyError({
    checks,
    runs,
    alpha: confirmAlpha,
    max: gate.confirm_draws,
  });
  const bounded = checks === 0 ||
    rerunsForFamilyError({ checks, runs, alpha: confirmAlpha, max: 100 }) <= least;
  // A check that failed once is confirmed too when some k_once up to the most `confirm_draws`
  // may be keeps the union bound, so a break of a case rarely stable in ten runs is caught by
  // reruns rather than left to the figure (ADR 0102); the pair costs a break fewest calls.
  const { k, kOnce } = bounded && checks > 0
    ? rerunPair({ checks, runs, alpha: confirmAlpha, least, most: gate.confirm_draws })
    : { k: least, kOnce: null };
  const budget = extraCallBudget(
    options.maxExtraCalls === undefined
      ? gate
      : { ...gate, max_extra_calls: options.maxExtraCalls },
    { cases: compared.length },
  );
  // The noisy cases' share of the budget is fixed before the run's failures are looked at: the
  // figure's exact test needs their draws to depend on the baseline alone.
  const fitted = withinBudget(noisy, { budget: noisyBudget(budget, gate) });
  const threshold = screenThreshold({
    planned: fitted.noisy.reduce((sum, n) => sum + n.draws, 0),
    cases: compared.length,
    owed: owedByAnUnchangedRun(measure),
  });
  const screen = stageOne(measure, candidate);
  const ambiguous = screen !== null && screen <= threshold;
  const drawn = ambiguous ? fitted : { noisy: [], share: 1, cut: 0 };
  return {
    noisy: drawn.noisy,
    stable,
    max_draws: k,
    ...(kOnce === null ? {} : {
      once_failed: onceFailed,
      max_draws_once: kOnce,
      once_failed_count: onceFailedCount(compared, { history, runs }),
    }),
    rule: "all-fail",
    confirm_alpha: confirmAlpha,
    bounded,
    max_extra_calls: budget,
    stage_one: { p_value: screen, threshold, ambiguous },
    noisy_share: drawn.share,
    noisy_cut: drawn.cut,
    selection_runs: selectionRunIds(measure),
  };
}

/** The ids of the baseline runs that chose the noisy cases to draw (ADR 0107). */
function selectionRunIds(measure: BaselineMeasure): string[] {
  return measure.runs.flatMap((r, i) => measure.selection.chosen[i] ? [r.run_id] : []);
}

/**
 * Whether more checks that failed once in the baseline fail now than its runs explain: the exact
 * count test of plain compare's stable flips (ADR 0033) for checks failing in two of the B + 1
 * runs. It only decides how many such checks are tried, so it spends no alpha.
 */
function onceFailedCount(
  compared: readonly CaseResult[],
  options: { history: BaselineMeasure["history"]; runs: number },
): { failed: number; expected: number; p_value: number } {
  const { failed, expected, p_value } = failureCountTest(compared, {
    ...options,
    alpha: 0,
    failures: 2,
  });
  return { failed, expected, p_value };
}

/** Why a baseline can not bound `--confirm`'s false confirmations, and what would. */
export interface ConfirmShortfall {
  checks: number;
  runs: number;
  /** The most reruns the suite allows (`[gate] confirm_draws`). */
  max_draws: number;
  /** The fewest baseline runs with which `max_draws` reruns bound them; null if none would. */
  runs_needed: number | null;
  /** The reruns this baseline would need; null beyond what `confirm_draws` may be set to. */
  draws_needed: number | null;
}

/** The most `[gate] confirm_draws` may be (core/suite/gate_settings.ts). */
const MOST_CONFIRM_DRAWS = 20;

/**
 * Stable checks' k (from `least` up to `most`) and the k_once of checks that failed once that
 * together keep the union bound within alpha with the fewest reruns between them; stable checks
 * keep `least` alone when no k_once up to MOST_CONFIRM_DRAWS would do.
 */
function rerunPair(
  options: { checks: number; runs: number; alpha: number; least: number; most: number },
): { k: number; kOnce: number | null } {
  const key = JSON.stringify(options);
  const known = PAIRS.get(key);
  if (known !== undefined) return known;
  let best: { k: number; kOnce: number | null } = { k: options.least, kOnce: null };
  for (let k = options.least; k <= options.most; k++) {
    const kOnce = rerunsForOnceFailed({ ...options, k, max: MOST_CONFIRM_DRAWS });
    if (kOnce === null) continue;
    if (best.kOnce === null || k + kOnce < best.k + best.kOnce) best = { k, kOnce };
  }
  PAIRS.set(key, best);
  return best;
}

/** rerunPair's answers: a comparison of one suite asks the same question of every run. */
const PAIRS = new Map<string, { k: number; kOnce: number | null }>();

/** Whether a check failed in exactly one of every baseline run and passed in the others. */
function failedOnce(statuses: readonly string[], options: { runs: number }): boolean {
  return statuses.length === options.runs && options.runs >= 2 &&
    statuses.filter((s) => s === "fail").length === 1 &&
    statuses.filter((s) => s === "pass").length === options.runs - 1;
}

/**
 * Null when `compare --confirm` can bound the chance of confirming a break of an unchanged system
 * within its share of alpha (k ≤ `confirm_draws`); else the numbers a refusal states. A plan whose
 * bound fails would confirm false breaks far more often than alpha says on a short baseline (13%
 * of unchanged runs at three runs and 200 checks), so the mode is refused rather than run.
 */
export function confirmShortfall(
  baseline: readonly RunDocument[] | BaselineMeasure,
): ConfirmShortfall | null {
  const measure = "history" in baseline ? baseline : measureBaseline(baseline);
  const checks = suiteChecks(measure);
  const runs = measure.runs.length;
  const alpha = measure.gate.alpha * CONFIRM_SHARE;
  const max = measure.gate.confirm_draws;
  if (checks === 0) return null;
  const k = rerunsForFamilyError({ checks, runs, alpha, max: MOST_CONFIRM_DRAWS });
  const bound = checks * falseConfirmationBound({ runs, k: Math.min(k, max) });
  if (bound <= alpha) return null;
  const enough = checks * falseConfirmationBound({ runs, k }) <= alpha;
  return {
    checks,
    runs,
    max_draws: max,
    runs_needed: runsForFamilyError({ checks, k: max, alpha, max: 1000 }),
    draws_needed: enough ? k : null,
  };
}

/** The primary figure's one-sided p-value on the run alone, as plain compare tests it. */
function stageOne(measure: BaselineMeasure, candidate: RunDocument): number | null {
  const figures = compareFigures(measure.runs, candidate, { measure });
  const primary = figures.find((f) => f.role === "primary");
  const p = primary?.test?.p_value ?? null;
  if (p === null || primary?.test == null) return p;
  return screenWithRuns(p, { measure, candidate, figure: primary.name, test: primary.test });
}

/**
 * The screen's p-value with the baseline's run-to-run spread accounted (ADR 0130): a run of a bad
 * hour looks ambiguous case by case, and drawing its noisy cases again in the same hour costs
 * calls and settles nothing. When the runs disagree strongly (runNoiseWiden) it is the larger of
 * the case-level and the run-level p-values, as a worse figure must then clear both; otherwise the
 * case-level p-value with the runs' own variance added (withRunVariance), which is the case-level
 * one itself when the cases explain the runs' spread. Never lower than the case-level p-value, so
 * it only spares draws, never adds one; and the screen, which can only lower a false alarm, costs
 * no alpha whatever its p-value (SCREEN_THRESHOLD).
 */
function screenWithRuns(
  p: number,
  context: {
    measure: BaselineMeasure;
    candidate: RunDocument;
    figure: string;
    test: { standard_error: number };
  },
): number {
  const { measure, candidate } = context;
  const noise = measure.run_noise;
  const runs = measure.runs.length;
  if (noise === null) return p;
  if (noise.p_value > runNoiseWiden(runs)) {
    const variance = measure.run_variance;
    if (variance === null) return p;
    return withRunVariance(p, {
      caseVariance: context.test.standard_error ** 2,
      runVariance: (variance.between / Math.max(1, variance.cases) ** 2) * (1 + 1 / runs),
      df: variance.df,
    }).p_value;
  }
  const figure = candidate.figures.find((f) => f.name === context.figure);
  if (figure === undefined) return p;
  const aggregate = (candidate.aggregates ?? []).find((a) => a.name === figure.aggregate);
  const totals = runLevelTotals(measure.draws.get(context.figure), {
    runs,
    figure,
    candidateCases: casesById(candidate.cases),
    sign: aggregate !== undefined && higherIsBetter(aggregate) === false ? -1 : 1,
  });
  const run = totals === null ? null : runLevelPValue(totals.baseline, totals.candidate);
  return run === null ? p : Math.max(p, run);
}

/**
 * The noisy cases' draws that fit `budget` calls: all planned draws when they fit, else the same
 * smaller number for every case, else one draw for a prefix in suite order (blind to what any
 * case showed, so the figures' test stays fair).
 */
function withinBudget(
  noisy: ConfirmationPlan["noisy"],
  options: { budget: number },
): { noisy: ConfirmationPlan["noisy"]; share: number; cut: number } {
  const budget = Math.max(0, options.budget);
  const wanted = noisy.reduce((sum, n) => sum + n.draws, 0);
  if (noisy.length === 0 || wanted <= budget) return { noisy, share: 1, cut: 0 };
  const each = Math.floor(budget / noisy.length);
  if (each >= 1) {
    const trimmed = noisy.map((n) => ({ case_id: n.case_id, draws: Math.min(n.draws, each) }));
    return {
      noisy: trimmed,
      share: 1,
      cut: trimmed.filter((n, i) => n.draws < noisy[i].draws).length,
    };
  }
  const kept = noisy.slice(0, budget).map((n) => ({ case_id: n.case_id, draws: 1 }));
  return { noisy: kept, share: kept.length / noisy.length, cut: noisy.length };
}

/**
 * The first draws an unchanged run makes the plan owe on average, from the baseline alone: a case
 * with a check that failed in exactly one of its B runs fails alone in a given run one time in B
 * (and then its stable check is drawn once), and a case with one that failed in exactly two has a
 * once-failed check failing now about two times in B (at most two of those are tried beside the
 * ones drawn anyway). From the baseline, not the run, so the screen stays fixed before the run is
 * read, as the noisy cases' draws are.
 */
function owedByAnUnchangedRun(measure: BaselineMeasure): number {
  const runs = measure.runs.length;
  let lone = 0;
  let twice = 0;
  for (const c of measure.runs[0].cases) {
    const seen = measure.history.get(c.case_id);
    if (c.kind !== "normal" || seen === undefined) continue;
    const failures = c.verdicts.map((v) => {
      const statuses = seen.get(v.assertion_id) ?? [];
      return statuses.length === runs ? statuses.filter((x) => x === "fail").length : 0;
    });
    if (failures.includes(1)) lone += 1;
    if (failures.includes(2)) twice += 1;
  }
  return lone / runs + Math.min(2, (2 * twice) / runs);
}

/** How many checks the suite's normal cases have: the family the reruns guard. */
function suiteChecks(measure: BaselineMeasure): number {
  let count = 0;
  for (const c of measure.runs[0].cases) {
    if (c.kind === "normal") count += measure.history.get(c.case_id)?.size ?? 0;
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
  options: {
    draws: readonly CaseResult[];
    plan: Pick<ConfirmationPlan, "max_draws" | "rule">;
    /** The check's k when it is not the plan's `max_draws` (a check that failed once). */
    k?: number;
  },
): CheckConfirmation {
  const statuses = options.draws.map((d) =>
    d.verdicts.find((v) => v.assertion_id === assertionId)?.status ?? "error"
  );
  const answered = statuses.filter((s) => s !== "error") as ("pass" | "fail")[];
  const plan = { rule: options.plan.rule, max_draws: options.k ?? options.plan.max_draws };
  const outcome = ruleOutcome(answered, plan);
  return {
    // Draws that ran out (errored, or the rounds ended) leave it undecided, never dismissed.
    outcome: outcome === "pending" ? "undecided" : outcome,
    pass: answered.filter((s) => s === "pass").length,
    fail: answered.filter((s) => s === "fail").length,
    error: statuses.length - answered.length,
  };
}

/**
 * The cases to draw in the next round, within the plan's budget of extra calls (each case drawn
 * costs `cost` of it, one call unless told; the calls already spent are the rounds' attempts);
 * none once nothing is wanted or the budget is spent (budgetEnded says which). The noisy cases'
 * planned draws come first and are never crowded out by the stable checks' confirmations, which
 * get the calls the noisy ones leave: the figure's exact test counts the noisy draws, so how many
 * each gets must not depend on how many checks failed.
 */
export function nextDraws(
  plan: ConfirmationPlan,
  rounds: readonly (readonly CaseResult[])[],
  options: { cost?: (caseId: string) => number } = {},
): string[] {
  const wanted = wantedDraws(plan, rounds);
  if (plan.max_extra_calls === undefined) return [...new Set([...wanted.stable, ...wanted.noisy])];
  const cost = options.cost ?? (() => 1);
  let left = plan.max_extra_calls - spentCalls(rounds);
  const chosen = new Set<string>();
  for (const id of wanted.noisy) {
    if (cost(id) > left) continue;
    chosen.add(id);
    left -= cost(id);
  }
  const byCase = drawsByCase(rounds);
  // What the noisy cases are still owed after this round.
  const owed = plan.noisy.reduce((sum, n) => {
    const after = (byCase.get(n.case_id)?.length ?? 0) + (chosen.has(n.case_id) ? 1 : 0);
    return sum + Math.max(0, n.draws - after) * cost(n.case_id);
  }, 0);
  for (const id of wanted.stable) {
    if (chosen.has(id) || cost(id) > left - owed) continue;
    chosen.add(id);
    left -= cost(id);
  }
  return [...chosen];
}

/**
 * How many checks that failed once, in cases the plan does not draw anyway, are drawn again at
 * most: three when the figure's first stage leans worse (p ≤ `leaning`, a drop is likely), one
 * otherwise, and one more when more such checks fail than the baseline's runs explain (the count
 * test's p ≤ `counted`, onceFailedCount). Each costs an unchanged system about a call (most pass
 * at once). On the mid mix a concentrated 5-point drop is caught 92.8% of the time at 1.108 × N
 * unchanged; without the count's try 91.5% (bench/detection.ts, ADRs 0102 and 0109).
 */
export const ONCE_FAILED_TRIES = {
  likely: 3,
  otherwise: 1,
  leaning: 0.5,
  counted: 0.3,
} as const;

/** The most checks that failed once the plan tries beside those drawn anyway. */
function onceFailedTries(plan: ConfirmationPlan): number {
  const leans = (plan.stage_one?.p_value ?? 1) <= ONCE_FAILED_TRIES.leaning;
  const counted = (plan.once_failed_count?.p_value ?? 1) <= ONCE_FAILED_TRIES.counted;
  return (leans ? ONCE_FAILED_TRIES.likely : ONCE_FAILED_TRIES.otherwise) + (counted ? 1 : 0);
}

/** Whether the budget of extra calls, not the evidence, ended the draws: more were wanted. */
export function budgetEnded(
  plan: ConfirmationPlan,
  rounds: readonly (readonly CaseResult[])[],
): boolean {
  const wanted = wantedDraws(plan, rounds);
  return (plan.noisy_cut ?? 0) > 0 || (plan.noisy_share ?? 1) < 1 ||
    wanted.stable.length + wanted.noisy.length > 0;
}

/**
 * Whether stored draws were cut short by a smaller budget than `budget`: a compare allowed more
 * (`--max-extra-calls`, or the suite's own budget after a capped compare) draws anew rather than
 * reuse them, so a capped confirmation never stands in for what a larger one would settle.
 */
export function cutShortOf(
  confirmation: { plan: ConfirmationPlan; rounds: readonly (readonly CaseResult[])[] },
  budget: number,
): boolean {
  const had = confirmation.plan.max_extra_calls;
  return had !== undefined && had < budget && budgetEnded(confirmation.plan, confirmation.rounds);
}

/** The target calls the confirmation draws made, retries included. */
export function spentCalls(rounds: readonly (readonly CaseResult[])[]): number {
  return rounds.reduce((sum, round) => sum + round.reduce((s, c) => s + c.attempts, 0), 0);
}

/**
 * Every case the plan still wants drawn, stable checks first: under the all-fail rule, each
 * failed stable check (and each check that failed once in the baseline, when the plan confirms
 * those) gets one draw, then one open check at a time is drawn to its k (one confirmed break
 * decides the gate, so the others are not drawn further); every noisy case until it has its
 * planned draws.
 */
function wantedDraws(
  plan: ConfirmationPlan,
  rounds: readonly (readonly CaseResult[])[],
): { stable: string[]; noisy: string[] } {
  const byCase = drawsByCase(rounds);
  const wanted = new Set<string>();
  const outcomes = (s: ConfirmableChecks) => checkOutcomes(plan, { byCase, checks: s });
  const confirmable = confirmableChecks(plan);
  const open = openChecks(plan, rounds);
  if (plan.rule !== "all-fail") {
    for (const s of open) wanted.add(s.case_id);
  } else if (!confirmable.some((s) => outcomes(s).includes("confirmed"))) {
    const stable = open.filter((s) => plan.stable.includes(s.source));
    const undrawn = stable.filter((s) => !byCase.has(s.case_id));
    const next = undrawn.length > 0
      ? undrawn
      : stable.length > 0
      ? stable.slice(0, 1)
      : nextOnceFailed(plan, { confirmable, open, byCase });
    for (const s of next) wanted.add(s.case_id);
  }
  const noisy = plan.noisy.filter((n) => (byCase.get(n.case_id)?.length ?? 0) < n.draws)
    .map((n) => n.case_id);
  return { stable: [...wanted], noisy };
}

/**
 * The check that failed once to draw next, after every stable one is decided: one at a time,
 * as most that fail are noise dismissed by one pass and a break among them needs k_once calls.
 * One already drawn and not yet dismissed first (the likeliest break); then one whose case the
 * plan draws anyway for the figure (its first draw costs nothing extra); then others, at most
 * ONCE_FAILED_TRIES of them, which bounds what they cost an unchanged system. Stopping early
 * only forgoes confirmations, so the union bound still holds.
 */
function nextOnceFailed(
  plan: ConfirmationPlan,
  context: {
    confirmable: readonly ConfirmableChecks[];
    open: readonly ConfirmableChecks[];
    byCase: ReadonlyMap<string, readonly CaseResult[]>;
  },
): ConfirmableChecks[] {
  const { confirmable, open, byCase } = context;
  const shared = new Set(plan.noisy.map((n) => n.case_id));
  const once = open.filter((s) => !plan.stable.includes(s.source));
  const started = once.filter((s) => byCase.has(s.case_id));
  if (started.length > 0) return started.slice(0, 1);
  const free = once.filter((s) => shared.has(s.case_id));
  if (free.length > 0) return free.slice(0, 1);
  const tried =
    confirmable.filter((s) =>
      !plan.stable.includes(s.source) && !shared.has(s.case_id) && byCase.has(s.case_id)
    ).length;
  return tried < onceFailedTries(plan) ? once.slice(0, 1) : [];
}

/** What the draws so far decided of each of a case's confirmable checks. */
function checkOutcomes(
  plan: ConfirmationPlan,
  context: { byCase: ReadonlyMap<string, readonly CaseResult[]>; checks: ConfirmableChecks },
): string[] {
  const s = context.checks;
  const draws = context.byCase.get(s.case_id) ?? [];
  const rule = { rule: plan.rule, max_draws: s.k };
  return s.checks.map((id) => {
    const statuses = draws.map((d) => d.verdicts.find((v) => v.assertion_id === id)?.status);
    const answered = statuses.filter((x) => x === "pass" || x === "fail");
    return draws.length >= s.k && ruleOutcome(answered, rule) === "pending"
      ? "undecided"
      : ruleOutcome(answered, rule);
  });
}

/** The confirmable checks the draws so far left open (neither confirmed, dismissed nor at k). */
function openChecks(
  plan: ConfirmationPlan,
  rounds: readonly (readonly CaseResult[])[],
): ConfirmableChecks[] {
  const byCase = drawsByCase(rounds);
  return confirmableChecks(plan).filter((s) =>
    checkOutcomes(plan, { byCase, checks: s }).includes("pending")
  );
}

/**
 * The budget of extra calls that would have let a confirmation the budget ended finish, at most:
 * the calls it made, the noisy cases' planned draws it did not make (as the baseline plans them,
 * `noisyDraws`, where the budget cut the plan), and each check left open drawn to its k.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const plan = {
 *   noisy: [{ case_id: "a", draws: 1 }], stable: [], max_draws: 8, rule: "all-fail" as const,
 *   noisy_cut: 1,
 * };
 * assertEquals(budgetToFinish(plan, [], { noisyDraws: new Map([["a", 2], ["b", 2]]) }), 4);
 * ```
 */
export function budgetToFinish(
  plan: ConfirmationPlan,
  rounds: readonly (readonly CaseResult[])[],
  options: { noisyDraws: ReadonlyMap<string, number> },
): number {
  const byCase = drawsByCase(rounds);
  const drawn = (id: string) => byCase.get(id)?.length ?? 0;
  const cut = (plan.noisy_cut ?? 0) > 0 || (plan.noisy_share ?? 1) < 1;
  const noisy = cut
    ? [...options.noisyDraws].map(([case_id, draws]) => ({ case_id, draws }))
    : plan.noisy;
  let more = noisy.reduce((sum, n) => sum + Math.max(0, n.draws - drawn(n.case_id)), 0);
  for (const s of openChecks(plan, rounds)) more += Math.max(0, s.k - drawn(s.case_id));
  return spentCalls(rounds) + more;
}

/** The checks the plan confirms by reruns, each with its k: stable ones, then once-failed ones. */
export function confirmableChecks(plan: ConfirmationPlan): ConfirmableChecks[] {
  const once = plan.max_draws_once === undefined ? [] : (plan.once_failed ?? []);
  return [
    ...plan.stable.map((s) => ({ ...s, k: plan.max_draws, source: s })),
    ...once.map((s) => ({ ...s, k: plan.max_draws_once ?? plan.max_draws, source: s })),
  ];
}

/** A case's checks that reruns confirm, with their k and the plan's entry they came from. */
interface ConfirmableChecks {
  case_id: string;
  checks: readonly string[];
  k: number;
  source: ConfirmationPlan["stable"][number];
}
