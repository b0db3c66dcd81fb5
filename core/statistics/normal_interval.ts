import { normalQuantile } from "./normal.ts";
import type { Interval } from "./wilson.ts";

/** The confidence of every interval digline shows: a figure's, and a change's between runs. */
export const INTERVAL_CONFIDENCE = 0.95;

/**
 * The two-sided normal interval around an estimate with a standard error: estimate ± z·se, z the
 * normal quantile for the confidence (1.96 at 95%).
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * const { low, high } = normalInterval(0.1, 0.05);
 * ok(Math.abs(low - 0.002) < 1e-3 && Math.abs(high - 0.198) < 1e-3);
 * ```
 */
export function normalInterval(
  estimate: number,
  standardError: number,
  options: { confidence?: number } = {},
): Interval {
  const half = normalQuantile(1 - (1 - (options.confidence ?? INTERVAL_CONFIDENCE)) / 2) *
    standardError;
  return { low: estimate - half, high: estimate + half };
}
