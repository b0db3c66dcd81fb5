import { z } from "zod";
import { CaseResultSchema, RUN_SCHEMA_VERSION, RunIdSchema } from "../run/run_document.ts";
import { Digest16Schema } from "../verdict.ts";

/**
 * What `compare --confirm` decided to draw again, from the baseline and the run's failures and
 * before any confirmation draw was seen.
 */
export const ConfirmationPlanSchema = z.strictObject({
  /** Cases the baseline found noisy, each with the extra draws it gets whatever they show. */
  noisy: z.array(z.strictObject({ case_id: z.string(), draws: z.number().int().positive() })),
  /** Cases with checks that passed in every baseline run and failed in the run. */
  stable: z.array(z.strictObject({ case_id: z.string(), checks: z.array(Digest16Schema).min(1) })),
  /** The most confirmation draws a stable check that failed gets (k under `all-fail`). */
  max_draws: z.number().int().positive(),
  /**
   * Under `all-fail`: cases with checks that failed in exactly one baseline run, passed in the
   * others and failed in the run, confirmed like stable ones by `max_draws_once` failures in a
   * row (more than k: such a check fails more often). Absent when no such k keeps the union bound
   * within `confirm_alpha`, and in plans made before it.
   */
  once_failed: z.array(
    z.strictObject({ case_id: z.string(), checks: z.array(Digest16Schema).min(1) }),
  ).optional(),
  max_draws_once: z.number().int().positive().optional(),
  /**
   * How many checks that failed once in the baseline fail in the run (`failed`), how many an
   * unchanged system gives on average (`expected`) and the exact chance of as many or more: it
   * decides how many of them are drawn again. Absent in plans made before it.
   */
  once_failed_count: z.strictObject({
    failed: z.number().int().min(0),
    expected: z.number().min(0),
    p_value: z.number().min(0).max(1),
  }).optional(),
  /**
   * How a stable check's draws decide: `all-fail`, confirmed by k = max_draws failures in a row
   * and dismissed by the first pass; absent in plans made before it, which used a sequential
   * probability ratio test (`sequential`).
   */
  rule: z.enum(["sequential", "all-fail"]).optional(),
  /** Under `all-fail`: the share of alpha the confirmations spend, and whether k reaches it. */
  confirm_alpha: z.number().optional(),
  bounded: z.boolean().optional(),
  /** The hard budget of extra target calls; absent in plans made before it (no budget). */
  max_extra_calls: z.number().int().min(0).optional(),
  /**
   * The first stage: the primary figure's p-value on the run alone. Noisy cases are drawn again
   * only when it is at most `threshold` (the result is ambiguous); null without a tested figure.
   */
  stage_one: z.strictObject({
    p_value: z.number().nullable(),
    threshold: z.number(),
    ambiguous: z.boolean(),
  }).optional(),
  /**
   * Of the cases the baseline found noisy, the share the plan draws (the budget keeps a prefix in
   * suite order, which is blind to their outcomes); the figures' test scales its design by it.
   */
  noisy_share: z.number().min(0).max(1).optional(),
  /** Baseline-noisy cases the budget, not the evidence, left with fewer draws than planned. */
  noisy_cut: z.number().int().min(0).optional(),
  /**
   * The baseline runs that chose the noisy cases to draw, and that the figure's test on their
   * draws leaves out (ADR 0107). A confirmation counts only for a baseline whose selection runs
   * are these: another choice would make the test count draws that chose. Absent in plans made
   * before it, whose choice was the count rule's (the last three of six or more runs, two of four
   * or five).
   */
  selection_runs: z.array(RunIdSchema).optional(),
});
/** A confirmation plan. */
export type ConfirmationPlan = z.infer<typeof ConfirmationPlanSchema>;

/**
 * The extra draws `compare --confirm` made for one run against one baseline: the plan, then each
 * round's case results, reconciled with the checks the suite asks like any run's. Stored beside
 * the run it confirms, never as a run: it holds only some cases and is not a measurement of the
 * suite on its own.
 */
export const ConfirmationDocumentSchema = z.strictObject({
  schema_version: z.literal(RUN_SCHEMA_VERSION),
  confirmation_id: RunIdSchema,
  /** The run whose failures and noise this confirms. */
  candidate_run: RunIdSchema,
  /** The baseline the plan was made from, the approved run first. */
  baseline_runs: z.array(RunIdSchema).min(1),
  suite: z.strictObject({
    name: z.string(),
    cases_digest: Digest16Schema,
    config_hash: Digest16Schema,
  }),
  target: z.strictObject({ kind: z.string(), name: z.string() }),
  git_commit: z.string().nullable(),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
  plan: ConfirmationPlanSchema,
  /**
   * The sha256 of the candidate run and of each baseline run (canonical JSON), as the compare
   * that drew it read them. A confirmation counts only for exactly those documents; one without
   * it (made before it existed, or by anyone but compare) counts for none.
   */
  bound_to: z.strictObject({
    candidate: z.string().regex(/^[0-9a-f]{64}$/),
    baselines: z.array(z.string().regex(/^[0-9a-f]{64}$/)).min(1),
  }).optional(),
  /** Round k holds the k-th confirmation draw of every case still being drawn. */
  rounds: z.array(z.array(CaseResultSchema)),
});
/** A confirmation document. */
export type ConfirmationDocument = z.infer<typeof ConfirmationDocumentSchema>;
