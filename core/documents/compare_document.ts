import { z } from "zod";
import { VERDICT_FORCED_BY_FACT } from "../compare/facts.ts";
import { RunGateSchema } from "../suite/gate_settings.ts";
import { BaselineDocumentSchema } from "../run/run_document.ts";

import { RedactListSchema } from "../suite/report_settings.ts";
import { SensitivitySchema } from "./sensitivity.ts";
import { OUTPUT_VERSION } from "./version.ts";

const FactSchema = z.strictObject({
  kind: z.enum(Object.keys(VERDICT_FORCED_BY_FACT) as [keyof typeof VERDICT_FORCED_BY_FACT]),
  case_id: z.string().optional(),
  assertion: z.string().optional(),
  assertion_id: z.string().optional(),
  figure: z.string().optional(),
  setting: z.string().optional(),
  from: z.union([z.string(), z.number(), z.null()]).optional(),
  to: z.union([z.string(), z.number(), z.null()]).optional(),
  resolve: z.string().optional(),
  cases: z.array(z.string()).optional(),
  confirmation: z.strictObject({
    outcome: z.enum(["confirmed", "dismissed", "undecided"]),
    pass: z.number().int(),
    fail: z.number().int(),
    error: z.number().int(),
  }).optional(),
});

const GroupSchema = z.strictObject({ count: z.number().int(), indices: z.array(z.number().int()) });

/** `compare --json` and `explain --json`: the verdict, the facts behind it and its causes. */
export const CompareDocumentSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.enum(["compare", "explain"]),
  suite: z.string(),
  candidate_run: z.string(),
  baseline_run: z.string(),
  /** Every run the baseline is made of, the approved one first. */
  baseline_runs: z.array(z.string()).optional(),
  approval: BaselineDocumentSchema.pick({ promoted_by: true, promoted_at: true, because: true })
    .nullable(),
  verdict: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  exit_code: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  headline: z.string(),
  facts: z.array(FactSchema),
  figures: z.array(z.strictObject({
    name: z.string(),
    baseline: z.number().nullable(),
    candidate: z.number().nullable(),
    delta: z.number().nullable(),
    /** The drop the measured noise excuses: z₁₋α × the paired test's standard error. */
    floor: z.number(),
    status: z.enum([
      "worse",
      "within-noise",
      "better",
      "unchanged",
      "missing",
      "uncomputable",
      "new",
      "flagged",
      "untested",
    ]),
    /** primary gates; secondary is tested and corrected across figures; diagnostic is shown. */
    role: z.enum(["primary", "secondary", "diagnostic"]).optional(),
    /** How many cases the paired test paired (0 without one). */
    paired_cases: z.number().int().optional(),
    /** The paired test over the cases both sides counted; null where none applies. */
    test: z.strictObject({
      difference: z.number(),
      standard_error: z.number(),
      z: z.number(),
      p_value: z.number(),
      method: z.enum(["exact", "normal"]).optional(),
    }).nullable().optional(),
    /**
     * The paired change's 95% interval in the figure's units: the test's difference ± 1.96 × its
     * standard error; null where no paired test applies.
     */
    interval: z.strictObject({ low: z.number(), high: z.number() }).nullable().optional(),
  })),
  /** The approved baseline's gate: the primary figure, alpha, power and the confirm budget. */
  gate: RunGateSchema.optional(),
  /** compare --confirm: the confirmation draws the verdict used; null when there were none. */
  confirmation: z.string().nullable().optional(),
  /** Flips where the baseline never moved, and errors, counted apart. */
  flips: z.strictObject({ stable: z.array(z.string()), errored: z.array(z.string()) }).optional(),
  /**
   * Plain compare on a baseline of several runs: the exact test of how many cases had a stable
   * check fail, against the baseline's history; null otherwise.
   */
  flip_test: z.strictObject({
    failed: z.number().int(),
    expected: z.number(),
    at_risk: z.number().int(),
    p_value: z.number(),
    alpha: z.number(),
    /**
     * The baseline's runs disagree more than their cases explain: the candidate's count of lone
     * failures against each baseline run's (ADR 0123), which a worse count must also clear.
     */
    run_p_value: z.number().nullable().optional(),
    /**
     * Plain compare, when the runs' spread is not strong enough to count runs: the p-value with
     * the runs' own variance of the count added (ADR 0130), which a worse count must also clear.
     */
    p_value_with_runs: z.number().optional(),
  }).nullable().optional(),
  /**
   * The baseline runs' spread of the primary figure against what independent cases give (ratio,
   * and its p-value); when at risk, the run-level p-value a worse figure must also clear, and
   * whether that turned a worse figure within noise (under --confirm the run-level p-value is
   * also given for a worse figure). Null when unmeasured (fewer than 3 runs).
   */
  run_noise: z.strictObject({
    ratio: z.number(),
    p_value: z.number(),
    at_risk: z.boolean(),
    run_p_value: z.number().nullable(),
    widened: z.boolean(),
    /**
     * The primary figure is worse case by case but not run against run (run_p_value above the
     * level the figure's case-level test used), so the verdict rests on cases failing
     * independently within a run (ADRs 0103, 0106); absent when the run-level test was not asked.
     */
    runs_disagree: z.boolean().optional(),
    /**
     * The baseline's runs disagree more than their cases explain, so the primary figure's test
     * counted runs (ADR 0123); absent otherwise.
     */
    counted_runs: z.boolean().optional(),
    /** With counted_runs: the smallest drop (per case) the run-level test finds at this B. */
    run_drop: z.number().nullable().optional(),
    /** No valid test at this B: the runs with which this drop would clear the run-level test. */
    runs_needed: z.number().int().optional(),
    /**
     * Plain compare, when the test did not count runs outright: what the runs vary beyond their
     * cases, as a variance of the primary figure (0 when the cases explain it; ADR 0130).
     */
    run_variance: z.number().optional(),
    /** With run_variance: the primary figure's p-value with it added; null without a test. */
    figure_p_value_with_runs: z.number().nullable().optional(),
  }).nullable().optional(),
  /** The smallest drop of the primary figure this baseline can detect; null without one. */
  min_detectable_drop: SensitivitySchema.nullable().optional(),
  /** compare --confirm: how its draws were spent and whether the budget ended them; else null. */
  confirm: z.strictObject({
    confirm_alpha: z.number().nullable(),
    figure_alpha: z.number(),
    k: z.number().int(),
    /**
     * The failures in a row that confirm a break of a check that failed in one baseline run
     * (ADR 0102); null when no such k keeps the bound, absent before it existed.
     */
    k_once: z.number().int().nullable().optional(),
    /**
     * The exact count test's p-value of the checks that failed in one baseline run and fail now
     * (ADR 0109): at most 0.3, one more of them is tried. Null when the plan does not confirm
     * such checks; absent before it existed.
     */
    once_failed_p: z.number().nullable().optional(),
    /** Whether k bounds the false confirmations within confirm_alpha; null in older plans. */
    bounded: z.boolean().nullable().optional(),
    /**
     * The primary figure's p-value on the run alone that the screen read, with the baseline runs'
     * spread accounted (ADR 0130: their own variance added, or, when they disagree strongly, the
     * larger of the case-level and run-level p-values); null without a paired test.
     */
    stage_one_p: z.number().nullable(),
    /**
     * The p-value at or under which the first stage drew the noisy cases again: 0.25, lower when
     * their planned draws, with the first draws an unchanged run owes anyway, would cost it more
     * than 0.1 × N on average (ADR 0109); absent before it was recorded.
     */
    stage_one_threshold: z.number().nullable().optional(),
    ambiguous: z.boolean().nullable(),
    max_extra_calls: z.number().int().nullable(),
    spent_calls: z.number().int(),
    budget_ended: z.boolean(),
    /** When the budget ended the draws: the budget that would have finished them, at most. */
    budget_to_finish: z.number().int().nullable().optional(),
  }).nullable().optional(),
  /** The facts that forced a 1 or a 2. */
  causes: z.array(FactSchema),
  /** The causes grouped by kind, each with indices into `causes`. */
  causes_by_kind: z.record(z.string(), GroupSchema),
  /** The candidate's errored checks grouped by cause (first line of the reason), most first. */
  errored_causes: z.array(z.strictObject({
    cause: z.string(),
    count: z.number().int(),
    checks: z.array(z.string()),
  })).optional(),
  /** explain only: the printed fact lines. */
  lines: z.array(z.string()).optional(),
  /** "CASE: NOTE" for each candidate output digline changed as it read it (not UTF-8). */
  output_notes: z.array(z.string()).optional(),
  /**
   * compare --baseline-ref: the approval the tree under test holds on disk when it is not the one
   * at the ref, which was compared with. Reported, never used; a person reviewing decides.
   */
  /**
   * compare --baseline-ref: the ref the approval was read at, where a baseline verdict the new
   * rules move is worse unless `rules_change_accepted` (ADR 0117); `verify` re-derives the same.
   */
  baseline_ref: z.string().optional(),
  /** compare --accept-rules-change: a maintainer accepted rules that move the baseline's verdicts. */
  rules_change_accepted: z.literal(true).optional(),
  approval_change: z.strictObject({
    ref: z.string(),
    suite: z.string(),
    run_id: z.string(),
    promoted_by: z.string(),
    promoted_at: z.string(),
    because: z.string().nullable(),
  }).optional(),
  /**
   * The payloads `--redact` or the suite's `[report] redact` replaced by digests. A compare
   * document names ids, checks, statuses, numbers and digests, never an output or a var, so it
   * reads the same redacted or not; the field says what a report written beside it hides.
   */
  redacted: RedactListSchema.optional(),
});
/** A compare or explain document. */
export type CompareDocument = z.infer<typeof CompareDocumentSchema>;
