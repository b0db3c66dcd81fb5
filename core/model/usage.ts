import { z } from "zod";
import type { SameType } from "../same_type.ts";

/**
 * Tokens one call used, as the provider reported them.
 *
 * @example
 * ```ts
 * import type { TokenCounts } from "../../mod.ts";
 * const used: TokenCounts = { input_tokens: 812, output_tokens: 40 };
 * ```
 */
export interface TokenCounts {
  /** Tokens sent. */
  input_tokens: number;
  /** Tokens received. */
  output_tokens: number;
}

/** Who made a model call: the system under test, or a judge. */
export const ModelRoleSchema = z.enum(["target", "judge"]);
/**
 * Who made a model call: `target` (the system under test) or `judge`.
 *
 * @example
 * ```ts
 * import type { ModelRole } from "../../mod.ts";
 * const role: ModelRole = "judge";
 * ```
 */
export type ModelRole = "target" | "judge";
const _role: SameType<ModelRole, z.infer<typeof ModelRoleSchema>> = true;

/**
 * One HTTP request to a model API, as the client reports it to whoever meters the case.
 *
 * @example
 * ```ts
 * import type { ModelCall } from "../../mod.ts";
 * const call: ModelCall = {
 *   role: "judge",
 *   provider: "anthropic",
 *   model: "claude-haiku-4-5",
 *   retry: false,
 *   usage: { input_tokens: 600, output_tokens: 12 },
 * };
 * ```
 */
export interface ModelCall {
  /** The system under test (target) or a judge. */
  role: ModelRole;
  /** The wire format (openai or anthropic). */
  provider: string;
  /** The model's name, as the suite gave it. */
  model: string;
  /** Whether this request repeated one that failed. */
  retry: boolean;
  /** Absent when the response reported none (an error, a timeout, a server that omits it). */
  usage?: TokenCounts;
}

/**
 * Receives every model call a case makes. A custom check that calls a model itself reports
 * each call to the meter it is handed (`CheckInput.meter`), so the run's totals include it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import type { ModelCall, ModelMeter } from "../../mod.ts";
 * const seen: ModelCall[] = [];
 * const meter: ModelMeter = (call) => seen.push(call);
 * meter({ role: "judge", provider: "openai", model: "gpt-4o-mini", retry: false });
 * assertEquals(seen.length, 1);
 * ```
 */
export type ModelMeter = (call: ModelCall) => void;

const count = z.number().int().nonnegative();

/**
 * What one model was asked for one case (or a whole run): calls, retries among them, and the
 * tokens reported. Counts and short identifiers only, so it travels with the verdicts.
 */
export const ModelUsageSchema = z.strictObject({
  role: ModelRoleSchema,
  provider: z.string().max(64),
  model: z.string().max(200),
  /** HTTP requests sent, retries included. */
  calls: count,
  retries: count,
  input_tokens: count,
  output_tokens: count,
  /** Calls whose response reported no usage: the token counts leave them out. */
  unmetered: count,
});
/**
 * What one model was asked for one case (or a whole run): calls, retries among them, and the
 * tokens reported.
 *
 * @example
 * ```ts
 * import type { ModelUsage } from "../../mod.ts";
 * const usage: ModelUsage = {
 *   role: "judge",
 *   provider: "openai",
 *   model: "gpt-4o-mini",
 *   calls: 2,
 *   retries: 1,
 *   input_tokens: 812,
 *   output_tokens: 40,
 *   unmetered: 0,
 * };
 * ```
 */
export interface ModelUsage {
  /** The system under test (target) or a judge. */
  role: ModelRole;
  /** The wire format (openai or anthropic). */
  provider: string;
  /** The model's name, as the suite gave it. */
  model: string;
  /** HTTP requests sent, retries included. */
  calls: number;
  /** Calls that repeated one that failed. */
  retries: number;
  /** Tokens sent. */
  input_tokens: number;
  /** Tokens received. */
  output_tokens: number;
  /** Calls whose response reported no usage: the token counts leave them out. */
  unmetered: number;
}
const _usage: SameType<ModelUsage, z.infer<typeof ModelUsageSchema>> = true;

/** A run's totals: what it cost in calls, tokens and time, over every case. */
export const RunTotalsSchema = z.strictObject({
  /** Cases that were asked something (every case but the suspended ones). */
  cases: count,
  /** Target attempts, every sample and retry included. */
  attempts: count,
  /** The cases' latencies added up (wall time spent waiting on the target). */
  latency_ms: z.number().nonnegative(),
  calls: count,
  retries: count,
  input_tokens: count,
  output_tokens: count,
  unmetered: count,
  /** The same, per role and model, in a stable order. */
  by_model: z.array(ModelUsageSchema),
});
/**
 * What a run cost, over every case: attempts, time, model calls and tokens, overall and per
 * role and model.
 *
 * @example
 * ```ts
 * import type { RunTotals } from "../../mod.ts";
 * const totals: RunTotals = {
 *   cases: 3,
 *   attempts: 4,
 *   latency_ms: 950,
 *   calls: 0,
 *   retries: 0,
 *   input_tokens: 0,
 *   output_tokens: 0,
 *   unmetered: 0,
 *   by_model: [],
 * };
 * ```
 */
export interface RunTotals {
  /** Cases that were asked something (every case but the suspended ones). */
  cases: number;
  /** Target attempts, every sample and retry included. */
  attempts: number;
  /** The cases' latencies added up (wall time spent waiting on the target). */
  latency_ms: number;
  /** HTTP requests sent, retries included. */
  calls: number;
  /** Calls that repeated one that failed. */
  retries: number;
  /** Tokens sent. */
  input_tokens: number;
  /** Tokens received. */
  output_tokens: number;
  /** Calls whose response reported no usage. */
  unmetered: number;
  /** The same, per role and model, in a stable order. */
  by_model: ModelUsage[];
}
const _totals: SameType<RunTotals, z.infer<typeof RunTotalsSchema>> = true;
