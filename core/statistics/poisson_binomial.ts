/**
 * P(S ≥ k) where S is a sum of independent Bernoulli draws with the given chances (a
 * Poisson-binomial variable), exactly, by building its distribution one draw at a time. The
 * count of stable checks that failed is such a sum, and at the tail a gate cares about (p near
 * 0.005) a normal approximation of a count whose mean is 2 or 3 is off by a factor of several.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * // Two fair coins: both heads one time in four.
 * ok(Math.abs(poissonBinomialUpperTail([0.5, 0.5], 2) - 0.25) < 1e-15);
 * ok(poissonBinomialUpperTail([0.5, 0.5], 0) === 1);
 * ```
 */
export function poissonBinomialUpperTail(chances: readonly number[], k: number): number {
  if (k <= 0) return 1;
  const drawn = chances.filter((p) => p > 0);
  if (k > drawn.length) return 0;
  // distribution[j] = P(S = j) over the draws so far; only j < k needs keeping, the rest is 1 − Σ.
  const distribution = new Float64Array(k);
  distribution[0] = 1;
  for (const p of drawn) {
    for (let j = k - 1; j >= 1; j--) {
      distribution[j] = distribution[j] * (1 - p) + distribution[j - 1] * p;
    }
    distribution[0] *= 1 - p;
  }
  let below = 0;
  for (const value of distribution) below += value;
  return Math.min(1, Math.max(0, 1 - below));
}
