import { z } from "zod";
import type { SameType } from "./same_type.ts";

/** The three states of a check. An error is a question that got no answer. */
export const VerdictStatusSchema = z.enum(["pass", "fail", "error"]);
/**
 * A check's state: `pass`, `fail`, or `error` (the check got no answer, so it counts neither way).
 *
 * @example
 * ```ts
 * import type { VerdictStatus } from "../mod.ts";
 * const status: VerdictStatus = "error";
 * ```
 */
export type VerdictStatus = "pass" | "fail" | "error";
const _status: SameType<VerdictStatus, z.infer<typeof VerdictStatusSchema>> = true;

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
  /** Payload: a judge's reply as it came, before it was read as a verdict. */
  answer: z.string().optional(),
});
/**
 * One check's answer for one case, stamped with the assertion's identity. `reason` is payload
 * (it may quote the output); the rest travels with the run.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import type { Verdict } from "../mod.ts";
 * const verdict: Verdict = {
 *   assertion_id: "3fa9c1d2e4b5a607",
 *   assertion: "polite",
 *   status: "fail",
 *   reason: "no greeting",
 *   metadata: {},
 * };
 * ok(verdict.status !== "pass");
 * ```
 */
export interface Verdict {
  /** The assertion's id (16 hex): verdicts are matched to their check by it, never by name. */
  assertion_id: string;
  /** The assertion's name, for people. */
  assertion: string;
  /** Passed, failed, or got no answer. */
  status: VerdictStatus;
  /** A number the check gave beside its status (a judge's score, say). */
  score?: number;
  /** Why, in words; payload. */
  reason?: string;
  /** Booleans, numbers and short identifiers only, so it can travel with the verdict. */
  metadata: Record<string, boolean | number | string>;
  /** Payload: a judge's reply as it came, before it was read as a verdict (redacted with outputs). */
  answer?: string;
}
const _verdict: SameType<Verdict, z.infer<typeof VerdictSchema>> = true;

/** What a check returns before the driver stamps it with the assertion's identity. */
export const ScoreSchema = z.strictObject({
  status: VerdictStatusSchema,
  score: z.number().optional(),
  reason: z.string().optional(),
  /** A display name; never used to match a verdict to its assertion. */
  name: z.string().optional(),
  metadata: VerdictMetadataSchema.optional(),
  /** What the check's model said, as it came (a judge's reply). */
  answer: z.string().optional(),
});
/**
 * What a check returns before the driver stamps it with the assertion's identity: a custom
 * assertion may return one (or a boolean for plain pass and fail).
 *
 * @example
 * ```ts
 * import { custom, type Score } from "../mod.ts";
 * const brief = custom({
 *   name: "brief",
 *   check: ({ output }): Score =>
 *     output.length <= 80
 *       ? { status: "pass", score: 1 }
 *       : { status: "fail", score: 80 / output.length, reason: `${output.length} characters` },
 * });
 * ```
 */
export interface Score {
  /** Passed, failed, or got no answer. */
  status: VerdictStatus;
  /** A number the check gave beside its status (a judge's score, say). */
  score?: number;
  /** Why, in words; payload. */
  reason?: string;
  /** A display name; never used to match a verdict to its assertion. */
  name?: string;
  /** Booleans, numbers and short identifiers only. */
  metadata?: Record<string, boolean | number | string>;
  /** What the check's model said, as it came (a judge's reply); payload, redacted with outputs. */
  answer?: string;
}
const _score: SameType<Score, z.infer<typeof ScoreSchema>> = true;
