import { z } from "zod";

/** The three states of a check. An error is a question that got no answer. */
export const VerdictStatusSchema = z.enum(["pass", "fail", "error"]);
/** pass, fail or error. */
export type VerdictStatus = z.infer<typeof VerdictStatusSchema>;

/** A 16-hex digest: assertion ids, suite digests, config hashes. */
export const Digest16Schema = z.string().regex(
  /^[0-9a-f]{16}$/,
  "expected 16 lowercase hex digits",
);

/** Metadata travels with a verdict, so it holds only booleans, numbers and short identifiers. */
export const VerdictMetadataSchema = z.record(
  z.string().max(64),
  z.union([z.boolean(), z.number(), z.string().max(64)]),
);

/** One check's answer for one case. `reason` is payload; the rest travels. */
export const VerdictSchema = z.strictObject({
  assertion_id: Digest16Schema,
  assertion: z.string(),
  status: VerdictStatusSchema,
  score: z.number().optional(),
  reason: z.string().optional(),
  metadata: VerdictMetadataSchema.default({}),
});
/** A verdict. */
export type Verdict = z.infer<typeof VerdictSchema>;

/** What a check returns before the driver stamps it with the assertion's identity. */
export const ScoreSchema = z.strictObject({
  status: VerdictStatusSchema,
  score: z.number().optional(),
  reason: z.string().optional(),
  /** A display name; never used to match a verdict to its assertion. */
  name: z.string().optional(),
  metadata: VerdictMetadataSchema.optional(),
});
/** A check's result. */
export type Score = z.infer<typeof ScoreSchema>;
