import { z } from "zod";
import type { SameType } from "../same_type.ts";

/** A suite's `[gate]` table: how its comparisons decide, and how much `--confirm` may rerun. */
export const GateSettingsSchema = z.strictObject({
  /** The false-alarm rate of the primary figure's test, one-sided. */
  alpha: z.number().gt(0).max(0.2).default(0.01),
  /** The power the minimum detectable drop is stated at. */
  power: z.number().gt(0.5).lt(1).default(0.9),
  /** Extra draws `compare --confirm` gives each case the baseline found noisy. */
  noisy_draws: z.number().int().min(0).max(20).default(2),
  /**
   * At most this many confirmation draws of a stable check that failed: the k that keeps the
   * confirmations' share of alpha is used, up to this.
   */
  confirm_draws: z.number().int().min(1).max(20).default(10),
  /**
   * The smallest drop of a `mean` figure that can make it worse, whatever its p-value: scores
   * that barely vary give a tiny standard error, and a 0.001 drop would be "significant".
   */
  min_change: z.number().min(0).max(1).default(0.01),
  /**
   * The most target calls `compare --confirm` may add to the run's, all draws together; absent,
   * half the suite's cases. When it ends the draws, the reading says so.
   */
  max_extra_calls: z.number().int().min(0).optional(),
});
/** The `[gate]` table with its defaults filled in. */
export type GateSettings = z.infer<typeof GateSettingsSchema>;
/**
 * A suite's `[gate]` table as written (every key has a default): how its comparisons decide,
 * and how much `compare --confirm` may draw again.
 *
 * @example
 * ```ts
 * import type { GateSettingsInput } from "../../mod.ts";
 * const gate: GateSettingsInput = { alpha: 0.05, confirm_draws: 4 };
 * ```
 */
export interface GateSettingsInput {
  /** The false-alarm rate of the primary figure's test, one-sided: above 0, at most 0.2. */
  alpha?: number;
  /** The power the minimum detectable drop is stated at: above 0.5, below 1. */
  power?: number;
  /** Extra draws `compare --confirm` gives each case the baseline found noisy (0 to 20). */
  noisy_draws?: number;
  /** At most this many confirmation draws of a stable check that failed (1 to 20). */
  confirm_draws?: number;
  /** The smallest drop of a `mean` figure that can make it worse (0 to 1). */
  min_change?: number;
  /** The most target calls `compare --confirm` may add (an integer, 0 or more). */
  max_extra_calls?: number;
}
const _input: SameType<GateSettingsInput, z.input<typeof GateSettingsSchema>> = true;

/** What a run records about how it is to be judged: the gate settings and the primary figure. */
export const RunGateSchema = GateSettingsSchema.extend({
  /** The figure that gates; null when the suite declares no aggregate. */
  primary: z.string().nullable(),
});
/**
 * How a comparison against a run decides, as the run records it: the suite's `[gate]` with its
 * defaults filled in, and the figure that gates.
 *
 * @example
 * ```ts
 * import type { RunGate } from "../../mod.ts";
 * const gate: RunGate = {
 *   alpha: 0.01,
 *   power: 0.9,
 *   noisy_draws: 2,
 *   confirm_draws: 10,
 *   min_change: 0.01,
 *   primary: "accuracy",
 * };
 * ```
 */
export interface RunGate {
  /** The false-alarm rate of the primary figure's test, one-sided. */
  alpha: number;
  /** The power the minimum detectable drop is stated at. */
  power: number;
  /** Extra draws `compare --confirm` gives each case the baseline found noisy. */
  noisy_draws: number;
  /** At most this many confirmation draws of a stable check that failed. */
  confirm_draws: number;
  /** The smallest drop of a `mean` figure that can make it worse. */
  min_change: number;
  /** The most target calls `compare --confirm` may add; absent, half the suite's cases. */
  max_extra_calls?: number;
  /** The figure that gates; null when the suite declares no aggregate. */
  primary: string | null;
}
const _gate: SameType<RunGate, z.infer<typeof RunGateSchema>> = true;

// The defaults are generated from the schema into a module apart from it, so comparing loads no
// zod (ADR 0128).
import { DEFAULT_GATE_SETTINGS } from "./gate_defaults.ts";
export { DEFAULT_GATE_SETTINGS };
const _defaults: GateSettings = DEFAULT_GATE_SETTINGS;
