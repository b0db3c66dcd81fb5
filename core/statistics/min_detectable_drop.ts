import { unitVariances } from "./case_variance.ts";
import { normalQuantile } from "./normal.ts";

/** One case as the baseline measured it, and how many candidate draws it will get. */
export interface PlannedCase {
  baseline: readonly number[];
  /** Candidate draws: 1 for a plain run, more where `compare --confirm` adds some. */
  draws: number;
}

/**
 * The smallest drop of a figure that the paired test detects with probability `power` at
 * false-alarm rate `alpha`: (z₁₋α + z_power) × its standard error, the standard error estimated
 * from the baseline's draws alone, as the test will estimate it, with the planned candidate
 * draws. Null without cases.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * const cases = Array.from({ length: 100 }, (_, i) => ({
 *   baseline: i % 2 === 0 ? [1, 0, 1, 0] : [1, 1, 1, 1],
 *   draws: 1,
 * }));
 * const drop = minDetectableDrop(cases, { alpha: 0.01, power: 0.9, binary: true });
 * ok(drop !== null && drop > 0.1 && drop < 0.3);
 * ```
 */
export function minDetectableDrop(
  cases: readonly PlannedCase[],
  options: { alpha: number; power: number; binary: boolean },
): number | null {
  const usable = cases.filter((c) => c.baseline.length > 0 && c.draws > 0);
  if (usable.length === 0) return null;
  const variances = unitVariances(usable.map((c) => c.baseline), options);
  const variance = usable.reduce(
    (sum, c, i) => sum + variances[i] * (1 / c.baseline.length + 1 / c.draws),
    0,
  );
  const z = normalQuantile(1 - options.alpha) + normalQuantile(options.power);
  return z * Math.sqrt(variance) / usable.length;
}
