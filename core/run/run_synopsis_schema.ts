import { z } from "zod";
import { Digest16Schema } from "../verdict.ts";
import { RunLabelSchema } from "./run_label_schema.ts";

/**
 * What `list`, `view` and `log` show of a run, small enough that a store keeps one line per run
 * in an index and never reads ten thousand documents to print a table.
 */
export const RunSynopsisSchema = z.strictObject({
  run_id: z.string(),
  suite: z.string(),
  started_at: z.string(),
  git_commit: z.string().nullable(),
  target: z.strictObject({ kind: z.string(), name: z.string() }),
  cases: z.number().int().nonnegative(),
  cases_digest: Digest16Schema,
  config_hash: Digest16Schema,
  /** `case · check` of every errored verdict. */
  errored_checks: z.array(z.string()),
  failed_checks: z.number().int().nonnegative(),
  figures: z.record(z.string(), z.number().nullable()),
  /**
   * Each figure's 95% interval over the cases it counted (figureInterval), by name; a figure
   * without one is left out. Absent in lines older digline wrote.
   */
  intervals: z.record(z.string(), z.strictObject({ low: z.number(), high: z.number() })).optional(),
  /** A shard run's `K/N`. */
  shard: z.string().optional(),
  /** `run --label`: the run's label. */
  label: RunLabelSchema.optional(),
});
/** A run synopsis. */
export type RunSynopsis = z.infer<typeof RunSynopsisSchema>;
