import { z } from "zod";
import type { SameType } from "../same_type.ts";
import { type Verdict, VerdictSchema } from "../verdict.ts";

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
/**
 * One draw of a case asked several times (`repeats`): what the target said and what each check
 * made of it.
 *
 * @example
 * ```ts
 * import type { Sample } from "../../mod.ts";
 * const draw: Sample = { output: "Hello, Ada!", verdicts: [], latency_ms: 120.5, attempts: 1 };
 * ```
 */
export interface Sample {
  /** Payload: the target's output for this draw. Absent when the target never answered. */
  output?: string;
  /** What each check asked made of this draw. */
  verdicts: Verdict[];
  /** Time spent waiting on the target for this draw. */
  latency_ms: number;
  /** Calls to the target for this draw, retries included. */
  attempts: number;
  /** Payload: why this draw got no output after its retries. */
  transport_error?: string;
  /** The model declined to answer this draw; the output is what it said instead. */
  refused?: true;
}
const _sample: SameType<Sample, z.infer<typeof SampleSchema>> = true;
