import { z } from "zod";
import { VerdictSchema } from "../run/verdict.ts";

/**
 * One draw of a case asked several times (`repeats`): what the target said and what each check
 * made of it. The case's own verdicts are these reduced; the samples stay beside them.
 */
export const SampleSchema = z.strictObject({
  /** Payload: the target's output for this draw. Absent when the target never answered. */
  output: z.string().optional(),
  verdicts: z.array(VerdictSchema),
  latency_ms: z.number().nonnegative(),
  attempts: z.number().int().nonnegative(),
  /** Payload: why this draw got no output after its retries. */
  transport_error: z.string().optional(),
  /** The model declined to answer this draw; the output is what it said instead. */
  refused: z.literal(true).optional(),
});
/** One sample. */
export type Sample = z.infer<typeof SampleSchema>;
