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
  let flips = 0;
  let shared = 0;
  const nearStable = draws.map((values) => {
    const passes = values.reduce((sum, v) => sum + v, 0);
    const minority = Math.min(passes, values.length - passes);
    if (minority > 1) return false;
    flips += minority;
    shared += values.length;
    return true;
  });
  const theta = (flips + 0.5) / (shared + 1);
  return draws.map((values, i) => nearStable[i] ? theta * (1 - theta) : sampleVariance(values));
}

/** The unbiased sample variance; 0 for fewer than two values. */
export function sampleVariance(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  return values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
}
