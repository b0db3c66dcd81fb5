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
  return pooledUnitVariances(draws, undefined, options);
}

/**
 * unitVariances of each case's draws `first[i]` followed by `then[i]`, without joining the two
 * lists: the paired test's pooled draws (the baseline's, then the candidate's). The sums run in
 * the joined order, so the variances are those of the joined lists to the bit.
 */
export function pooledUnitVariances(
  first: readonly (readonly number[])[],
  then: readonly (readonly number[])[] | undefined,
  options: { binary: boolean },
): number[] {
  // Loops rather than a closure or a list per case: compare runs this once per figure, over
  // every case, in code too cold for V8 to have optimised.
  const variances: number[] = [];
  if (!options.binary) {
    for (let i = 0; i < first.length; i++) variances.push(pooledVariance(first[i], then?.[i]));
    return variances;
  }
  let flips = 0;
  let shared = 0;
  const nearStable: boolean[] = [];
  for (let i = 0; i < first.length; i++) {
    const length = first[i].length + (then?.[i].length ?? 0);
    const passes = total(first[i], then?.[i]);
    const minority = Math.min(passes, length - passes);
    const stable = !(minority > 1);
    nearStable.push(stable);
    if (!stable) continue;
    flips += minority;
    shared += length;
  }
  const theta = (flips + 0.5) / (shared + 1);
  for (let i = 0; i < first.length; i++) {
    variances.push(nearStable[i] ? theta * (1 - theta) : pooledVariance(first[i], then?.[i]));
  }
  return variances;
}

/** The unbiased sample variance; 0 for fewer than two values. */
export function sampleVariance(values: readonly number[]): number {
  return pooledVariance(values, undefined);
}

/** sampleVariance of `values` followed by `more`, without joining them. */
function pooledVariance(values: readonly number[], more: readonly number[] | undefined): number {
  const n = values.length + (more?.length ?? 0);
  if (n < 2) return 0;
  const mean = total(values, more) / n;
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += (values[i] - mean) ** 2;
  if (more !== undefined) {
    for (let i = 0; i < more.length; i++) {
      squares += (more[i] - mean) ** 2;
    }
  }
  return squares / (n - 1);
}

/**
 * The values' sum (then `more`'s), added in order from 0, as a reduce from 0 over the joined
 * list adds them.
 */
export function total(values: readonly number[], more?: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  if (more !== undefined) { for (let i = 0; i < more.length; i++) sum += more[i]; }
  return sum;
}
