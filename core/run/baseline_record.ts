import { z } from "zod";

/**
 * What an approval of several runs measured, written into the baseline for the record: per case
 * and check, how many of the runs passed it, and per figure its value in each run and its
 * spread. Comparisons derive the same from the runs themselves; this is what a reader of the
 * baseline sees without opening them.
 */
export const BaselineRecordSchema = z.strictObject({
  /** How many runs the baseline is made of. */
  of: z.number().int().positive(),
  /** case id → assertion id → passes out of `of`. */
  passes: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())),
  /** Checks that did not give the same verdict in every run, as `case · check`. */
  noisy: z.array(z.string()),
  /** figure name → its value in each run (approved run first) and max − min. */
  figures: z.record(
    z.string(),
    z.strictObject({ values: z.array(z.number().nullable()), spread: z.number().nullable() }),
  ),
});
/** A baseline record. */
export type BaselineRecord = z.infer<typeof BaselineRecordSchema>;
