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
});
