import { normalQuantile } from "./normal.ts";

/** A proportion's confidence interval. */
export interface Interval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval for `successes` out of `trials` (E. B. Wilson, JASA 22, 1927): it
 * stays inside [0, 1] and does not collapse to a point at 0 or n successes, which is where a
 * benchmark's false-alarm rate lives.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * const { low, high } = wilsonInterval(0, 5000);
 * ok(low === 0 && Math.abs(high - 0.000768) < 1e-6);
 * ```
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  options: { confidence?: number } = {},
): Interval {
  if (trials === 0) return { low: 0, high: 1 };
  const z = normalQuantile(1 - (1 - (options.confidence ?? 0.95)) / 2);
  const share = successes / trials;
  const z2 = z * z;
  const centre = (share + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z / (1 + z2 / trials)) *
    Math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials));
  // At 0 or n successes the bound is exact; rounding must not move it off 0 or 1.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}
