import { type BaselineMeasure, measureBaseline } from "./baseline_measure.ts";
import { summarise } from "./check_history.ts";
import { compareFigures, type FigureComparison } from "./compare_figures.ts";
import type { ConfirmationDocument } from "./confirmation_document.ts";
import {
  budgetEnded,
  budgetToFinish,
  type CheckConfirmation,
  checkConfirmation,
  drawsByCase,
  spentCalls,
} from "./confirmation_plan.ts";
import { figureAlpha, FLIP_COUNT_SHARE } from "./alpha_split.ts";
import {
  type FlipCountTest,
  flipCountTest,
  loneFailuresByRun,
  loneFailureSpread,
} from "./flip_count.ts";
import { runVariance, withRunVariance } from "../statistics/run_variance.ts";
import {
  type Fact,
  type FactKind,
  type GateVerdict,
  gateVerdictOf,
  VERDICT_FORCED_BY_FACT,
} from "./facts.ts";
import type { RunGate } from "../suite/gate_settings.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import type { Sensitivity } from "./sensitivity.ts";
import { figureRunVariance, runLevelTotals, type RunNoise } from "./run_noise.ts";
import { runLevelPValue, runNoiseWiden } from "../statistics/run_level_noise.ts";
import { runLevelDrop, runsForDrop, runSpread } from "../statistics/run_level_drop.ts";
import { higherIsBetter } from "../suite/aggregate_direction.ts";
import type { BaselineMeasure as Measure } from "./baseline_measure.ts";
import { recheckBaseline, type RecheckedBaseline, type RecheckRules } from "./recheck.ts";
import { casesById } from "../run/cases_by_id.ts";
import { settingChanges } from "../run/target_settings.ts";
import {
  causesOf,
  type ErroredCause,
  type ErroredVerdict,
  erroredVerdicts,
} from "../run/errored_causes.ts";
import type { CompileJsonSchema } from "../suite/assertions/json_schema.ts";
import { canonicalJson } from "../digest.ts";
import type { JsonValue } from "../json.ts";

export type { FigureComparison } from "./compare_figures.ts";
export type { FlipCountTest } from "./flip_count.ts";

/** Flips told apart from noise: the cases that moved where the baseline never did, and errors. */
export interface Flips {
  /** Cases with a check that gave one verdict in every baseline run and the other one now. */
  stable: string[];
  /** Cases with an errored verdict now: an unanswered question, counted apart from failures. */
  errored: string[];
}

/** A comparison of one run against its baseline: the facts, the figures and the verdict. */
export interface Comparison {
  suite: string;
  baseline_run: string;
  baseline_runs: string[];
  candidate_run: string;
  /** How the comparison decides: the approved baseline's gate. */
  gate: RunGate;
  /** The confirmation draws the verdict used; null without `--confirm`. */
  confirmation: string | null;
  facts: Fact[];
  figures: FigureComparison[];
  flips: Flips;
  /**
   * Plain compare on a baseline of several runs: the exact test of how many cases had a stable
   * check fail, which gates in place of each single flip. Null with one baseline run (every flip
   * is a regression) and with `--confirm` (each flip is drawn again).
   */
  flip_test: FlipCountTest | null;
  /** The smallest drop of the primary figure this baseline can detect. */
  sensitivity: Sensitivity | null;
  /** Whether the baseline's runs vary together (cases not independent); null when unmeasured. */
  run_noise: RunNoiseReading | null;
  /** With `--confirm`: how its draws were spent, and whether the budget ended them. */
  confirm: ConfirmSummary | null;
  verdict: GateVerdict;
  /** The candidate's errored checks grouped by cause, so a 2 says why and not only where. */
  errored_causes: ErroredCause[];
}

/** The baseline's run-to-run spread against independent cases', and what it did to the verdict. */
export interface RunNoiseReading extends RunNoise {
  /**
   * The primary figure's run-level p-value (its run's total against the baseline runs'): when the
   * spread's p-value is at most runNoiseWiden, which a worse figure must also clear, and
   * whenever the figure is worse; else null.
   */
  run_p_value: number | null;
  /**
   * The figure's test counted runs (counted_runs) and the primary figure was significant case by
   * case but not run against run: not worse, or not judged (runs_needed).
   */
  widened: boolean;
  /**
   * The baseline's runs disagree more than their cases explain (p_value ≤ runNoiseWiden of the runs), so
   * the primary figure's test counted runs: a worse figure must be worse run against run too.
   * Absent otherwise (ADR 0123).
   */
  counted_runs?: boolean;
  /**
   * With counted_runs: the smallest drop of the primary figure (per case) the run-level test
   * finds at this B, at the figure's level and the gate's power; null when the runs never varied.
   */
  run_drop?: number | null;
  /**
   * Widened and no valid test at this B: the runs with which a drop this size would clear the
   * run-level test, were the runs' spread what it is (a runs-too-few fact, exit 2).
   */
  runs_needed?: number;
  /**
   * Plain compare, when the test did not count runs outright: τ̂², what the baseline's runs of
   * the primary figure vary beyond what their cases explain, as a variance of the figure (0 when
   * the cases explain it), which the figure's test adds to its own (ADR 0130).
   */
  run_variance?: number;
  /**
   * With run_variance: the primary figure's p-value with it added (Student's t on Satterthwaite's
   * degrees of freedom), which a worse figure must also clear; null without a paired test.
   */
  figure_p_value_with_runs?: number | null;
  /**
   * The primary figure is worse case by case, but its run-level p-value is above the level its
   * case-level test used, so the verdict rests on cases failing independently within a run; a
   * bad hour of the provider would look the same (ADRs 0103, 0106). Absent when not asked.
   */
  runs_disagree?: boolean;
}

/** What `compare --confirm` drew and why it stopped, for the reading. */
export interface ConfirmSummary {
  /** The share of alpha the confirmations of stable checks spend; the figure has the rest. */
  confirm_alpha: number | null;
  /** The primary figure's alpha under `--confirm`. */
  figure_alpha: number;
  /** k: the failures in a row that confirm a break (all-fail rule). */
  k: number;
  /** The failures in a row that confirm a break of a check that failed once in the baseline. */
  k_once: number | null;
  /** The count test's p-value of the checks that failed once and fail now (ADR 0109). */
  once_failed_p: number | null;
  /**
   * Whether k bounds the chance of confirming a false break within `confirm_alpha`; false only
   * for a plan made before such plans were refused (ADR 0092), null before it was recorded.
   */
  bounded: boolean | null;
  /** The first stage's p-value and whether it sent the noisy cases to be drawn again. */
  stage_one_p: number | null;
  /** The p-value at or under which the noisy cases were drawn again. */
  stage_one_threshold: number | null;
  ambiguous: boolean | null;
  /** The hard budget of extra calls, and the calls the draws made (retries included). */
  max_extra_calls: number | null;
  spent_calls: number;
  /** True when the budget, not the evidence, ended the draws (more were wanted). */
  budget_ended: boolean;
  /**
   * When the budget ended the draws: the budget of extra calls that would have finished them, at
   * most (budgetToFinish); else null.
   */
  budget_to_finish?: number | null;
}

/** What compareRuns takes beside the two sides. */
export interface CompareRunsOptions {
  /** compare --confirm's draws, which the verdict then uses. */
  confirmation?: ConfirmationDocument;
  /** The baseline measured once (measureBaseline), for many comparisons against it. */
  measure?: BaselineMeasure;
  /**
   * The runs the approval records as selection runs (its `selection_runs`), by id; absent for an
   * approval that records none, whose last runs then choose by the count rule (ADR 0107).
   */
  selectionRuns?: readonly string[];
  /** Compiles the candidate's `json` schemas, needed when the candidate records one. */
  compileSchema?: CompileJsonSchema;
  /**
   * The git ref the baseline was read at (compare --baseline-ref): a baseline verdict the new
   * rules move is then worse (1) unless `acceptRulesChange` (ADR 0117).
   */
  baselineRef?: string;
  /** With `baselineRef`: a maintainer accepted rules that move the baseline's verdicts. */
  acceptRulesChange?: boolean;
}

/** What compareRunsWith takes beside compareRuns' options. */
export interface CompareRunsWithOptions extends CompareRunsOptions {
  /** Builds a recorded check again; needed when the baseline has one to re-check. */
  rules?: RecheckRules;
  /** recheckBaseline of these same runs, already made (with the rules, when it needed them). */
  recheck?: RecheckedBaseline;
  /** The candidate's cases by id, as recheckBaseline was given them. */
  candidateCases?: ReadonlyMap<string, CaseResult>;
}

/**
 * compareRuns (core/compare/compare_runs.ts) with the recheck rules handed in, or the re-checked
 * baseline itself, for a caller that loads the rules only when recheckBaseline answers that it
 * needs them: building a check from its recorded definition needs the assertion schemas, and so
 * zod (ADR 0077).
 */
export function compareRunsWith(
  baselineRuns: RunDocument | readonly RunDocument[],
  candidate: RunDocument,
  options: CompareRunsWithOptions = {},
): Comparison {
  const sides = sidesOf(baselineRuns, candidate, options);
  const { runs, measure, confirmation, counted } = sides;
  // Every fact about an errored verdict reads this one walk of the candidate's verdicts.
  const erroredNow = erroredVerdicts(candidate.cases);
  const cases = judgeCases(sides, erroredNow);
  const flipTest = counted
    ? flipCountTest(cases.compared, {
      history: measure.history,
      runs: runs.length,
      alpha: measure.gate.alpha * FLIP_COUNT_SHARE,
    })
    : null;
  const primaryAlpha = figureAlpha(measure.gate.alpha, {
    flipCounted: counted,
    confirmed: confirmation?.plan.rule === "all-fail",
  });
  const figures = compareFigures(runs, candidate, {
    candidateCases: sides.after,
    measure,
    extra: plannedDraws(confirmation),
    noisyShare: confirmation?.plan.noisy_share,
    alpha: primaryAlpha,
  });
  // Plain compare adds the runs' own variance to its tests (ADR 0130); --confirm does not.
  const added = confirmation === undefined
    ? addRunVariance(figures, { measure, primaryAlpha })
    : null;
  const { reading: widened, facts: runNoiseFacts } = widenForRunNoise(figures, {
    measure,
    candidate,
    candidateCases: sides.after,
    primaryAlpha,
  });
  const runNoise = widened === null || added === null ? widened : { ...widened, ...added };
  // Facts are ordered by kind, and within a kind in the order they are stated here.
  const facts = orderFacts([
    ...unreconciledFacts(erroredNow),
    ...calibrationFacts(candidate),
    ...canaryFacts(sides),
    ...rulesChanged(sides.baseline, candidate, sides),
    // What the target was asked with is not a rule: it is told, so a reading can say what changed.
    ...settingChanges(sides.baseline.target_settings, candidate.target_settings).map((change) => ({
      kind: "target-changed" as const,
      ...change,
    })),
    ...sides.recheck.facts,
    ...cases.facts,
    ...unjudgedNewCases(sides, erroredNow),
    ...runNoiseFacts,
    ...flipFacts(flipTest, { runNoise, compared: cases.compared, measure, runs: runs.length }),
    ...figures.map((f): Fact => ({
      kind: `figure-${f.status}` as FactKind,
      figure: f.name,
      from: f.baseline,
      to: f.candidate,
    })),
    ...cases.moves,
    { kind: "compared", cases: cases.compared.map((c) => c.case_id) },
  ]);
  return {
    suite: candidate.suite.name,
    baseline_run: sides.baseline.run_id,
    baseline_runs: runs.map((r) => r.run_id),
    candidate_run: candidate.run_id,
    gate: measure.gate,
    confirmation: confirmation?.confirmation_id ?? null,
    facts,
    figures,
    flips: { stable: cases.stableFlips, errored: cases.errored },
    flip_test: flipTest,
    sensitivity: measure.sensitivity,
    run_noise: runNoise,
    confirm: confirmation === undefined ? null : confirmSummary(confirmation, {
      noisyDraws: measure.noisyDraws,
      figureAlpha: figureAlpha(measure.gate.alpha, {
        flipCounted: false,
        confirmed: confirmation.plan.rule === "all-fail",
      }),
    }),
    verdict: gateVerdictOf(facts),
    errored_causes: causesOf(erroredNow),
  };
}

/**
 * The count of stable flips' verdict: worse when its exact test says so, and, when the baseline's
 * runs disagree more than their cases explain (the figure's test counted runs), when the
 * candidate's count of lone failures is also above the baseline runs' own counts run against run
 * (loneFailuresByRun, Student's t) at the count's level. When it is not, and more runs of this
 * spread would tell, no valid test exists at this B: a runs-too-few fact (exit 2), as for the
 * figure (ADR 0123). Records the run-level p-value on the test.
 */
function flipFacts(
  test: FlipCountTest | null,
  context: {
    runNoise: RunNoiseReading | null;
    compared: readonly CaseResult[];
    measure: Measure;
    runs: number;
  },
): Fact[] {
  if (test === null || test.failed === 0 || test.p_value > test.alpha) return [];
  const worse = [{ kind: "stable-flips-worse" as const, from: test.expected, to: test.failed }];
  if (context.runNoise?.counted_runs !== true) {
    const p = countWithRunVariance(test, context);
    if (p === null) return worse;
    test.p_value_with_runs = p;
    return p <= test.alpha ? worse : [];
  }
  const counts = loneFailuresByRun(context.compared, {
    history: context.measure.history,
    runs: context.runs,
  });
  const own = counts.slice(0, context.runs);
  const candidate = counts[context.runs];
  const spread = runSpread(own) ?? 0;
  const mean = own.reduce((sum, c) => sum + c, 0) / Math.max(1, own.length);
  // Runs that never differed in their count say nothing against the exact test's verdict.
  const p = spread > 0 ? runLevelPValue(own.map((c) => -c), -candidate) : 0;
  test.run_p_value = p;
  if (p !== null && p <= test.alpha) return worse;
  const needed = spread > 0 && candidate > mean
    ? runsForDrop(candidate - mean, { spread, alpha: test.alpha })
    : null;
  if (needed === null || needed <= context.runs) return [];
  return [{
    kind: "runs-too-few",
    from: context.runs,
    to: needed,
    resolve: `digline promote RUN --repeats ${needed} --because TEXT`,
  }];
}

/**
 * The count of stable flips' p-value with the runs' own variance added (ADR 0130): each baseline
 * run's lone failures, case by case, give the spread of a run's count beyond what independent
 * cases give (runVariance), and the exact test's p-value is read with it added (withRunVariance).
 * The count tested is the candidate's against the mean over the B + 1 runs, so the candidate's
 * own shift enters it by B / (B + 1) and the baseline's mean adds 1 / B of it, which is B / (B + 1)
 * of τ̂² in all. Null when the runs can not tell (fewer than three).
 */
function countWithRunVariance(
  test: FlipCountTest,
  context: { compared: readonly CaseResult[]; measure: Measure; runs: number },
): number | null {
  const spread = loneFailureSpread(context.compared, {
    history: context.measure.history,
    runs: context.runs,
  });
  const variance = runVariance(spread.perCase);
  if (variance === null) return null;
  const b = context.runs;
  return withRunVariance(test.p_value, {
    caseVariance: spread.caseVariance,
    runVariance: (variance.between * b) / (b + 1),
    df: variance.df,
  }).p_value;
}

/**
 * Plain compare's primary figure with the runs' own variance added (ADR 0130), when the runs'
 * spread is not strong enough for the test to count runs outright (runNoiseWiden): τ̂², what the
 * baseline's runs vary beyond their cases (runVariance, per case), enters the figure's variance
 * as the candidate run's own shift and the baseline mean's (τ̂²·(1 + 1/B)), read on Student's t
 * with Satterthwaite's degrees of freedom (withRunVariance). With τ̂² = 0 it is the case-level
 * test itself. Only removes alarms, so it costs no alpha; returns what the reading records, null
 * when it does not apply.
 */
function addRunVariance(
  figures: FigureComparison[],
  context: { measure: Measure; primaryAlpha: number },
): Pick<RunNoiseReading, "run_variance" | "figure_p_value_with_runs"> | null {
  const variance = figureRunVariance(context.measure);
  if (variance === null) return null;
  const run_variance = variance.between / Math.max(1, variance.cases) ** 2;
  const primary = figures.find((f) => f.role === "primary");
  if (primary?.test == null) return { run_variance, figure_p_value_with_runs: null };
  const p = withRunVariance(primary.test.p_value, {
    caseVariance: primary.test.standard_error ** 2,
    runVariance: run_variance * (1 + 1 / context.measure.runs.length),
    df: variance.df,
  }).p_value;
  if (primary.status === "worse" && p > context.primaryAlpha) primary.status = "within-noise";
  return { run_variance, figure_p_value_with_runs: p };
}

/** The two sides as compared: the baseline re-checked by the candidate's rules, and measured. */
interface Sides {
  runs: readonly RunDocument[];
  baseline: RunDocument;
  candidate: RunDocument;
  /** Each side's cases by id, built once: at 100,000 cases each map is a collection's worth. */
  before: ReadonlyMap<string, CaseResult>;
  after: ReadonlyMap<string, CaseResult>;
  recheck: RecheckedBaseline;
  measure: BaselineMeasure;
  confirmation: ConfirmationDocument | undefined;
  drawn: Map<string, CaseResult[]>;
  /** Plain compare on several baseline runs: stable flips are counted, not each a regression. */
  counted: boolean;
}

function sidesOf(
  baselineRuns: RunDocument | readonly RunDocument[],
  candidate: RunDocument,
  options: CompareRunsWithOptions,
): Sides {
  const approved: readonly RunDocument[] = isRunList(baselineRuns) ? baselineRuns : [baselineRuns];
  const confirmation = options.confirmation;
  if (confirmation !== undefined) assertConfirms(confirmation, { runs: approved, candidate });
  const given = options.measure;
  if (
    given !== undefined &&
    (given.runs.length !== approved.length || given.runs.some((r, i) => r !== approved[i]))
  ) {
    throw new Error("The baseline measure given to compareRuns is of other runs");
  }
  // Both sides are judged by the candidate's rules: the baseline is re-checked where they moved.
  const recheck = options.recheck ?? recheckBaseline(approved, candidate, {
    compileSchema: options.compileSchema,
    rules: options.rules,
    candidateCases: options.candidateCases,
    baselineRef: options.baselineRef,
    acceptRulesChange: options.acceptRulesChange,
  });
  if (recheck === "needs-rules") {
    throw new Error("The baseline has a check to re-check, and compareRunsWith was given no rules");
  }
  if (recheck.runs.length !== approved.length) {
    throw new Error("The re-checked baseline given to compareRunsWith is of other runs");
  }
  const runs = recheck.runs;
  const before = casesById(runs[0].cases);
  return {
    runs,
    baseline: runs[0],
    candidate,
    before,
    after: options.candidateCases ?? casesById(candidate.cases),
    recheck,
    measure: given !== undefined && !recheck.changed ? given : measureBaseline(runs, {
      approvedCases: before,
      // A measure given of the same runs knows the approval's selection runs: re-checked runs
      // keep them.
      selectionRuns: options.selectionRuns ??
        (given?.selection.recorded === true
          ? runs.filter((_, i) => given.selection.chosen[i]).map((r) => r.run_id)
          : undefined),
    }),
    confirmation,
    drawn: drawsByCase(confirmation?.rounds ?? []),
    counted: confirmation === undefined && runs.length > 1,
  };
}

function unreconciledFacts(erroredNow: readonly ErroredVerdict[]): Fact[] {
  return erroredNow.filter(({ verdict: v }) => v.metadata.unreconciled === true)
    .map(({ case: c, verdict: v }) => checkFact("unreconciled", c, v));
}

function calibrationFacts(candidate: RunDocument): Fact[] {
  return candidate.cases.filter((c) => c.kind === "calibration").flatMap((c) => {
    const wanted = c.expected_verdict ?? "pass";
    return c.verdicts.filter((v) => v.status !== "error" && v.status !== wanted)
      .map((v) => ({ ...checkFact("calibration-lost", c, v), from: wanted, to: v.status }));
  });
}

function canaryFacts({ candidate, before, measure }: Sides): Fact[] {
  return candidate.cases.filter((c) => c.kind === "canary" && before.has(c.case_id))
    .flatMap((c) =>
      c.verdicts.flatMap((v) => {
        const seen = measure.history.get(c.case_id)?.get(v.assertion_id);
        return seen === undefined || seen.includes(v.status)
          ? []
          : [{ ...checkFact("canary-moved", c, v), from: summarise(seen), to: v.status }];
      })
    );
}

/** What the normal cases on both sides say, check by check, against the baseline's history. */
function judgeCases(sides: Sides, erroredNow: readonly ErroredVerdict[]): {
  facts: Fact[];
  /** Noisy failures and improvements, stated after the figures. */
  moves: Fact[];
  compared: CaseResult[];
  stableFlips: string[];
  errored: string[];
} {
  const { candidate, before, recheck, measure, counted } = sides;
  const facts: Fact[] = [];
  const moves: Fact[] = [];
  const compared: CaseResult[] = [];
  const stableFlips = new Set<string>();
  const errored = new Set(erroredNow.map((e) => e.case.case_id));
  // Indexed loops: every case and verdict is walked here once, mostly before V8 optimises.
  const cases = candidate.cases;
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const old = before.get(c.case_id);
    if (
      old === undefined || c.kind !== "normal" || old.kind !== "normal" ||
      recheck.inputsChanged.has(c.case_id)
    ) {
      continue;
    }
    compared.push(c);
    const checks = measure.history.get(c.case_id);
    const verdicts = c.verdicts;
    for (let j = 0; j < verdicts.length; j++) {
      const v = verdicts[j];
      const seen = checks?.get(v.assertion_id);
      if (seen === undefined) continue;
      // The usual case, one baseline run that gave the same pass or fail, is no fact at all.
      if (seen.length === 1 && seen[0] === v.status && v.status !== "error") continue;
      const from = summarise(seen);
      if (v.status === "error" || seen.includes("error")) {
        if (v.metadata.unreconciled !== true) {
          facts.push({ ...checkFact("unjudged", c, v), from, to: v.status });
        }
      } else if (seen.includes("pass") && seen.includes("fail")) {
        if (v.status !== "fail") continue;
        const confirmed = onceFailedBreak(c, { v, confirmation: sides.confirmation, sides });
        if (confirmed !== null) {
          facts.push({
            ...checkFact("regression", c, v),
            from,
            to: "fail",
            confirmation: confirmed,
          });
        } else moves.push({ ...checkFact("noisy", c, v), from, to: "fail" });
      } else if (seen[0] === "pass" && v.status === "fail") {
        stableFlips.add(c.case_id);
        facts.push(
          counted
            ? { ...checkFact("stable-flip", c, v), from, to: "fail" }
            : stableFailure(c, { v, from, confirmation: sides.confirmation, drawn: sides.drawn }),
        );
      } else if (seen[0] === "fail" && v.status === "pass") {
        stableFlips.add(c.case_id);
        moves.push({ ...checkFact("improvement", c, v), from, to: "pass" });
      }
    }
  }
  return { facts, moves, compared, stableFlips: [...stableFlips], errored: [...errored] };
}

/** A candidate errored verdict on a case the baseline did not have is still a question unanswered. */
function unjudgedNewCases({ before }: Sides, erroredNow: readonly ErroredVerdict[]): Fact[] {
  return erroredNow.filter(({ case: c, verdict: v }) =>
    !(before.has(c.case_id) && c.kind === "normal") && v.metadata.unreconciled !== true
  ).map(({ case: c, verdict: v }) => ({ ...checkFact("unjudged", c, v), from: null, to: "error" }));
}

function confirmSummary(
  confirmation: ConfirmationDocument,
  options: { figureAlpha: number; noisyDraws: ReadonlyMap<string, number> },
): ConfirmSummary {
  const { plan, rounds } = confirmation;
  const ended = plan.max_extra_calls !== undefined && budgetEnded(plan, rounds);
  return {
    confirm_alpha: plan.confirm_alpha ?? null,
    figure_alpha: options.figureAlpha,
    k: plan.max_draws,
    k_once: plan.max_draws_once ?? null,
    once_failed_p: plan.once_failed_count?.p_value ?? null,
    bounded: plan.bounded ?? null,
    stage_one_p: plan.stage_one?.p_value ?? null,
    stage_one_threshold: plan.stage_one?.threshold ?? null,
    ambiguous: plan.stage_one?.ambiguous ?? null,
    max_extra_calls: plan.max_extra_calls ?? null,
    spent_calls: spentCalls(rounds),
    budget_ended: ended,
    budget_to_finish: ended ? budgetToFinish(plan, rounds, options) : null,
  };
}

function isRunList(value: RunDocument | readonly RunDocument[]): value is readonly RunDocument[] {
  return Array.isArray(value);
}

/** A confirmation made for another run or baseline would judge this one by the wrong draws. */
function assertConfirms(
  confirmation: ConfirmationDocument,
  sides: { runs: readonly RunDocument[]; candidate: RunDocument },
): void {
  const ids = sides.runs.map((r) => r.run_id);
  if (
    confirmation.candidate_run !== sides.candidate.run_id ||
    confirmation.baseline_runs.join(" ") !== ids.join(" ")
  ) {
    throw new Error(
      `Confirmation ${confirmation.confirmation_id} was drawn for run ${confirmation.candidate_run} ` +
        `against ${confirmation.baseline_runs.join(", ")}, not for this comparison`,
    );
  }
}

/**
 * A check that passed in every baseline run and failed now: a regression, unless confirmation
 * draws were made for it and did not confirm the break (then it is unconfirmed, and reported).
 */
function stableFailure(
  c: CaseResult,
  context: {
    v: { assertion: string; assertion_id: string };
    from: string;
    confirmation: ConfirmationDocument | undefined;
    drawn: Map<string, CaseResult[]>;
  },
): Fact {
  const planned = context.confirmation?.plan.stable.some((s) =>
    s.case_id === c.case_id && s.checks.includes(context.v.assertion_id)
  );
  const base = { from: context.from, to: "fail" };
  if (context.confirmation === undefined || !planned) {
    return { ...checkFact("regression", c, context.v), ...base };
  }
  const outcome = checkConfirmation(context.v.assertion_id, {
    draws: context.drawn.get(c.case_id) ?? [],
    plan: context.confirmation.plan,
  });
  const kind = outcome.outcome === "confirmed" ? "regression" : "unconfirmed";
  return { ...checkFact(kind, c, context.v), ...base, confirmation: outcome };
}

/**
 * A check that failed in one baseline run and failed now, which `--confirm` drew again and the
 * draws confirmed broken (k_once failures in a row, ADR 0102): its confirmation, else null (it is
 * noise, stated after the figures).
 */
function onceFailedBreak(
  c: CaseResult,
  context: {
    v: { assertion_id: string };
    confirmation: ConfirmationDocument | undefined;
    sides: Pick<Sides, "drawn">;
  },
): CheckConfirmation | null {
  const plan = context.confirmation?.plan;
  if (plan === undefined || plan.max_draws_once === undefined || plan.rule !== "all-fail") {
    return null;
  }
  const planned = (plan.once_failed ?? []).some((s) =>
    s.case_id === c.case_id && s.checks.includes(context.v.assertion_id)
  );
  if (!planned) return null;
  const outcome = checkConfirmation(context.v.assertion_id, {
    draws: context.sides.drawn.get(c.case_id) ?? [],
    plan,
    k: plan.max_draws_once,
  });
  return outcome.outcome === "confirmed" ? outcome : null;
}

/**
 * The confirmation draws that count in the figures: each noisy case's planned draws, and no
 * others. A draw made because a check failed was chosen by the outcome, so counting it would
 * bias the figure; only the draws decided from the baseline alone are counted.
 */
function plannedDraws(
  confirmation: ConfirmationDocument | undefined,
): Map<string, CaseResult[]> | undefined {
  if (confirmation === undefined) return undefined;
  const drawn = drawsByCase(confirmation.rounds);
  const extra = new Map<string, CaseResult[]>();
  for (const n of confirmation.plan.noisy) {
    extra.set(n.case_id, (drawn.get(n.case_id) ?? []).slice(0, n.draws));
  }
  return extra;
}

function checkFact(
  kind: FactKind,
  c: CaseResult,
  v: { assertion: string; assertion_id: string },
): Fact {
  return { kind, case_id: c.case_id, assertion: v.assertion, assertion_id: v.assertion_id };
}

function rulesChanged(
  baseline: RunDocument,
  candidate: RunDocument,
  maps: Pick<Sides, "before" | "after">,
): Fact[] {
  const facts: Fact[] = [];
  if (baseline.suite.config_hash !== candidate.suite.config_hash) {
    facts.push({
      kind: "config-changed",
      from: baseline.suite.config_hash,
      to: candidate.suite.config_hash,
    });
  }
  if (baseline.suite.cases_digest !== candidate.suite.cases_digest) {
    facts.push({
      kind: "cases-changed",
      from: baseline.suite.cases_digest,
      to: candidate.suite.cases_digest,
    });
  }
  for (let i = 0; i < candidate.cases.length; i++) {
    const c = candidate.cases[i];
    if (!maps.before.has(c.case_id)) facts.push({ kind: "case-added", case_id: c.case_id });
  }
  for (let i = 0; i < baseline.cases.length; i++) {
    const c = baseline.cases[i];
    if (!maps.after.has(c.case_id)) {
      facts.push({ kind: "case-removed", case_id: c.case_id, from: standing(c) });
    }
  }
  const oldIds = new Set(baseline.assertions.map((a) => a.id));
  const newIds = new Set(candidate.assertions.map((a) => a.id));
  for (const a of candidate.assertions) {
    if (!oldIds.has(a.id)) {
      const old = baseline.assertions.find((b) => b.name === a.name);
      facts.push({
        kind: "check-added",
        assertion: a.name,
        assertion_id: a.id,
        ...(old !== undefined && movedByModuleOnly(old.definition, a.definition)
          ? { setting: MODULE_GRAPH }
          : {}),
      });
    }
  }
  for (const a of baseline.assertions) {
    if (!newIds.has(a.id)) {
      facts.push({ kind: "check-removed", assertion: a.name, assertion_id: a.id });
    }
  }
  return facts;
}

/** The key of a custom check's definition that digests its suite module's files (ADR 0112). */
const MODULE_GRAPH = "module_graph";

/**
 * Whether two definitions of a check differ only by the files of its suite module: a reader
 * who finds the check's own text unchanged is told where the change is.
 */
function movedByModuleOnly(before: JsonValue | undefined, after: JsonValue | undefined): boolean {
  const plain = (d: JsonValue | undefined) => {
    if (d === null || typeof d !== "object" || Array.isArray(d) || !(MODULE_GRAPH in d)) {
      return undefined;
    }
    const { [MODULE_GRAPH]: _graph, ...rest } = d;
    return canonicalJson(rest);
  };
  const [b, a] = [plain(before), plain(after)];
  return b !== undefined && b === a;
}

/** How a case stood in the baseline: every check passed, one failed, one errored, or set aside. */
function standing(c: CaseResult): string {
  if (c.kind === "suspended" || c.verdicts.length === 0) return "suspended";
  if (c.verdicts.some((v) => v.status === "error")) return "error";
  return c.verdicts.some((v) => v.status === "fail") ? "fail" : "pass";
}

const ORDER = Object.keys(VERDICT_FORCED_BY_FACT) as FactKind[];

/** Facts in the headline's fixed order, stable within a kind. */
function orderFacts(facts: readonly Fact[]): Fact[] {
  return facts
    .map((fact, index) => ({ fact, index }))
    .sort((a, b) => ORDER.indexOf(a.fact.kind) - ORDER.indexOf(b.fact.kind) || a.index - b.index)
    .map((x) => x.fact);
}

/**
 * When the baseline's runs vary together more than independent cases allow (run_noise at
 * runNoiseWiden), the case-level test of the primary figure can not be trusted alone: the
 * figure's test counts runs, and a worse primary figure must also be worse run against run
 * (runLevelTotals, Student's t) at the level its own test used. When it is not, and the drop
 * would clear the run-level test with more runs of this spread, no valid test exists at this B:
 * the figure is not judged (a runs-too-few fact, exit 2) and the reading names the runs that
 * would do; when no number of runs would, the drop is within the runs' own spread. Only removes
 * alarms, so it costs no alpha; returns what the reading shows (ADR 0123).
 */
function widenForRunNoise(
  figures: FigureComparison[],
  context: {
    measure: Measure;
    candidate: RunDocument;
    candidateCases: ReadonlyMap<string, CaseResult>;
    /** The level the primary figure's case-level test used. */
    primaryAlpha: number;
  },
): { reading: RunNoiseReading | null; facts: Fact[] } {
  const noise = context.measure.run_noise;
  if (noise === null) return { reading: null, facts: [] };
  const primary = figures.find((f) => f.role === "primary");
  const figure = context.candidate.figures.find((f) => f.name === primary?.name);
  const strong = noise.p_value <= runNoiseWiden(context.measure.runs.length);
  // A worse figure is checked run against run too, and the reading says when only the
  // case-level test sees it: a bad hour of the provider looks the same (ADR 0103, 0106).
  const asked = strong || primary?.status === "worse";
  if (!asked || primary === undefined || figure === undefined) {
    return { reading: { ...noise, run_p_value: null, widened: false }, facts: [] };
  }
  const aggregate = (context.candidate.aggregates ?? []).find((a) => a.name === figure.aggregate);
  const runs = context.measure.runs.length;
  const totals = runLevelTotals(context.measure.draws.get(primary.name), {
    runs,
    figure,
    candidateCases: context.candidateCases,
    sign: aggregate !== undefined && higherIsBetter(aggregate) === false ? -1 : 1,
  });
  const run_p_value = totals === null ? null : runLevelPValue(totals.baseline, totals.candidate);
  const spread = totals === null ? null : runSpread(totals.baseline);
  const perCase = (total: number) => total / Math.max(1, totals?.cases ?? 1);
  const run_drop = strong && spread !== null && spread > 0
    ? perCase(runLevelDrop(spread, {
      runs,
      alpha: context.primaryAlpha,
      power: context.measure.gate.power,
    }))
    : null;
  const worse = primary.status === "worse";
  const above = (alpha: number) => worse && (run_p_value === null || run_p_value > alpha);
  const widened = strong && above(context.primaryAlpha);
  const reading: RunNoiseReading = {
    ...noise,
    run_p_value,
    widened,
    runs_disagree: above(context.primaryAlpha) && !widened,
    ...(strong ? { counted_runs: true, run_drop } : {}),
  };
  if (!widened) return { reading, facts: [] };
  primary.status = "within-noise";
  const drop = totals === null
    ? 0
    : totals.baseline.reduce((s, v) => s + v, 0) / runs - totals.candidate;
  const needed = spread === null || spread <= 0 || drop <= 0
    ? null
    : runsForDrop(drop, { spread, alpha: context.primaryAlpha });
  if (needed === null || needed <= runs) return { reading, facts: [] };
  return {
    reading: { ...reading, runs_needed: needed },
    facts: [{
      kind: "runs-too-few",
      figure: primary.name,
      from: runs,
      to: needed,
      resolve: `digline promote RUN --repeats ${needed} --because TEXT`,
    }],
  };
}
