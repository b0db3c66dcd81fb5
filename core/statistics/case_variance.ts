/**
 * Each case's variance per draw, from its draws (pass = 1, fail = 0, or a score).
 *
 * A case's own draws estimate its variance without bias when corrected for the mean they share
 * (n/(n−1), Bessel), but a case whose draws all agreed gets 0: ten passes can not tell "never
 * fails" from "fails one time in fifty". For pass/fail draws, every case whose draws disagree at
 * most once (it is stable, or looks it after one flip) instead gets one variance shared by all
 * such cases, θ(1−θ), where θ is the share of their draws that went against their own majority,
 * with half a flip added so it is never 0. Over those cases this gives the same total as the
 * per-case estimates (a case with one flip in n draws estimates 1/n, and θ·count is the flips
 * over n), while no single case is taken to be perfectly stable. A score's draws keep the
 * per-case estimate.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * // Two stable cases and one flip in six draws: each gets θ(1−θ) with θ = 1.5 / 7.
 * const [a] = unitVariances([[1, 1, 1], [1, 1, 0]], { binary: true });
 * assertEquals(a, (1.5 / 7) * (1 - 1.5 / 7));
 * ```
 */
export function unitVariances(
  draws: readonly (readonly number[])[],
  options: { binary: boolean },
): number[] {
  if (!options.binary) return draws.map(sampleVariance);
  // Loops rather than a closure per case: compare runs this once per figure, over every case,
  // in code too cold for V8 to have optimised.
  let flips = 0;
  let shared = 0;
  const nearStable: boolean[] = [];
  for (let i = 0; i < draws.length; i++) {
    const values = draws[i];
    const passes = total(values);
    const minority = Math.min(passes, values.length - passes);
    const stable = !(minority > 1);
    nearStable.push(stable);
    if (!stable) continue;
    flips += minority;
    shared += values.length;
  }
  const theta = (flips + 0.5) / (shared + 1);
  const variances: number[] = [];
  for (let i = 0; i < draws.length; i++) {
    variances.push(nearStable[i] ? theta * (1 - theta) : sampleVariance(draws[i]));
  }
  return variances;
}

/** The unbiased sample variance; 0 for fewer than two values. */
export function sampleVariance(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mean = total(values) / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) ** 2;
  return squares / (n - 1);
}

/** The values' sum, added in order from 0 (as a reduce from 0 adds them). */
export function total(values: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum;
}
