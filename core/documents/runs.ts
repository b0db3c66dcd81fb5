import { z } from "zod";
import { RunTotalsSchema } from "../model/usage.ts";
import { FigureSchema, RetriedFromSchema } from "../run/run_document.ts";
import { SensitivitySchema } from "./sensitivity.ts";
import { RedactListSchema } from "../suite/report_settings.ts";
import { OUTPUT_VERSION } from "./version.ts";
import { RunLabelSchema } from "../run/run_label_schema.ts";

/** A run as `run --json` and `view RUN --json` describe it: identity, tallies and figures. */
export const RunSummarySchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.enum(["run", "view", "merge"]),
  run_id: z.string(),
  suite: z.string(),
  cases_digest: z.string(),
  config_hash: z.string(),
  target: z.string(),
  git_commit: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string(),
  cases: z.array(z.string()),
  checks: z.strictObject({
    pass: z.array(z.string()),
    fail: z.array(z.string()),
    error: z.array(z.string()),
  }),
  suspended: z.array(z.string()),
  figures: z.array(FigureSchema),
  path: z.string().optional(),
  /** run --resume: the cases taken from the interrupted run's journal, not called again. */
  resumed: z.array(z.string()).optional(),
  /** What the run cost: attempts, latency, model calls, retries and tokens (runs that record it). */
  totals: RunTotalsSchema.optional(),
  /** For a run made by rejudge: the run whose outputs it graded again. */
  rejudged_from: z.string().optional(),
  /**
   * The errored checks grouped by the first line of their reason, most frequent first; each
   * cause by its digest when the run's suite redacts (`redacted`), since a reason can quote the
   * output.
   */
  errored_causes: z.array(z.strictObject({
    cause: z.string(),
    count: z.number().int(),
    checks: z.array(z.string()),
  })).optional(),
  /** A shard run: which shard of how many, as `K/N`. */
  shard: z.string().optional(),
  /** A merged run: the shard runs it was made of. */
  merged_from: z.array(z.string()).optional(),
  /** "CASE: NOTE" for each output digline changed as it read it (bytes that were not UTF-8). */
  output_notes: z.array(z.string()).optional(),
  /**
   * The suite's `[report] redact` the run recorded: what this document and every report of the
   * run hide. The summary carries no output or expected value; its errored causes are digests.
   */
  redacted: RedactListSchema.optional(),
  /** merge: the shards that were not given, each with the cases left unanswered. */
  missing_shards: z.array(z.strictObject({
    shard: z.string(),
    cases: z.array(z.string()),
  })).optional(),
  /** view: a run its suite's index does not list, so not written by this store (ADR 0113). */
  unlisted: z.literal(true).optional(),
  /** `run --label`: the run's label. */
  label: RunLabelSchema.optional(),
  /**
   * The checks whose verdict a judge gave only when asked again after an answer off the format
   * (`case · check`); absent when none did (ADR 0126).
   */
  reasked: z.array(z.string()).optional(),
  /**
   * run --retry-errors: the stored run this one completed (by id and document digest) and the
   * cases it called again; every other case's result is that run's.
   */
  retried_from: RetriedFromSchema.optional(),
});
/** A run summary document. */
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** One row of `list` and `view`: a run with its figures' values as columns. */
export const RunRowSchema = z.strictObject({
  run_id: z.string(),
  suite: z.string(),
  started_at: z.string(),
  git_commit: z.string().nullable(),
  target: z.string(),
  cases: z.number().int(),
  errored_checks: z.array(z.string()),
  failed_checks: z.number().int(),
  is_baseline: z.boolean(),
  figures: z.record(z.string(), z.number().nullable()),
  /** A run its suite's index does not list: not written by this store, never `latest`. */
  unlisted: z.literal(true).optional(),
  /** `run --label`: the run's label. */
  label: RunLabelSchema.optional(),
});
/** A run row. */
export type RunRow = z.infer<typeof RunRowSchema>;

/** `list --json` and `view --json` without a run. */
export const RunListSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.enum(["list", "view"]),
  /** How many runs there are; `runs` is the newest of them when a limit left some out. */
  total: z.number().int(),
  runs: z.array(RunRowSchema),
  /**
   * view only: the suite's current baseline, the runs it is made of and the smallest drop of its
   * primary figure it can detect; null when the suite has no approved baseline.
   */
  baseline: z.strictObject({
    run_id: z.string(),
    runs: z.array(z.string()),
    min_detectable_drop: SensitivitySchema.nullable(),
  }).nullable().optional(),
});
/** A run list document. */
export type RunList = z.infer<typeof RunListSchema>;
