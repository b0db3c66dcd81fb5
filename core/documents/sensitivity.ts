import { z } from "zod";

/** The minimum detectable drop of the primary figure, as `view` and `compare` print it. */
export const SensitivitySchema = z.strictObject({
  figure: z.string(),
  alpha: z.number(),
  power: z.number(),
  /** With one run of the suite. */
  one_run: z.number().nullable(),
  /** With `compare --confirm`'s planned extra draws. */
  confirmed: z.number().nullable(),
  /** The extra draws `compare --confirm` plans, by case. */
  planned: z.array(z.strictObject({ case_id: z.string(), draws: z.number().int() })),
  /** The alpha `one_run` is stated at (the figure's share of the gate's). */
  one_run_alpha: z.number().optional(),
  /** The alpha `confirmed` is stated at (what the confirmations leave the figure). */
  confirmed_alpha: z.number().optional(),
});
