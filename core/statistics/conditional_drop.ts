import { normalCdf } from "./normal.ts";

/**
 * The rule by which `compare --confirm` chooses the cases that get extra draws, from a case's
 * baseline draws of the primary figure alone. Pass/fail draws: the minority verdict holds at
 * least a fifth of the draws (a pass rate between 20% and 80%). Scores: the draws are not all
 * equal. The exact test below conditions on it, so it lives beside it.
 */
export function chosenForDraws(baseline: readonly number[], options: { binary: boolean }): boolean {
  if (baseline.length < 2) return false;
  if (!options.binary) return baseline.some((v) => v !== baseline[0]);
  const passes = baseline.reduce((sum, v) => sum + v, 0);
  return noisyShare(passes, baseline.length);
}

/** Below this share of draws going the other way, a case is near-stable and not drawn again. */
export const NOISY_SHARE = 0.2;

function noisyShare(passes: number, count: number): boolean {
  const minority = Math.min(passes, count - passes);
  return minority > 0 && minority >= NOISY_SHARE * count;
}

/** One case's draws on both sides. */
export interface ConditionalCase {
  baseline: readonly number[];
  candidate: readonly number[];
}

/** The most lattice points the sum's distribution is built on; beyond it the sum is rounded. */
const LATTICE = 200_000;
/** Scores are put on a grid of this many steps over the figure's range before subsets are summed. */
const SCORE_STEPS = 200;

/**
 * The exact one-sided p-value of a figure's drop, for any number of draws a side (runs, repeats,
 * `--confirm`'s planned draws) and for scores: a permutation test conditioned on each case's
 * draws. If nothing changed, a case's b baseline and m candidate draws are b + m independent
 * draws of one distribution, so given their multiset every split into m candidate draws and b
 * baseline ones is equally likely (the planned draws' m must not depend on these draws: the
 * plan chooses by selection runs the test leaves out). The statistic is the sum of every
 * candidate draw over the cases (the candidate's passes, for pass/fail): given each case's
 * draws it moves with the figure, and unlike the mean of paired changes it weighs a case by the
 * draws it got, which is what makes planned draws buy power (at N = 200 on the bench mix, 91%
 * against 77% on a diffuse 5-point drop). Its null distribution is the convolution of the cases'
 * own, exact on the integers (scores are put on a grid of SCORE_STEPS over the figure's range
 * first; past LATTICE points each case's sum is rounded to a coarser grid, and the test is then
 * exact for the rounded statistic). Valid for any pass rates and any N, under one assumption:
 * draws are independent of each other and of other cases' (docs/detection.md).
 *
 * Null when no case has draws on both sides.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * // Ten cases that passed 4 of 4 times; 2 fail now: P(2 or more of 2 at 1/5) = 1/25.
 * const cases = Array.from({ length: 10 }, (_, i) => ({
 *   baseline: [1, 1, 1, 1],
 *   candidate: [i < 2 ? 0 : 1],
 * }));
 * ok(Math.abs((conditionalDropPValue(cases, { binary: true }) ?? 0) - 1 / 25) < 1e-12);
 * ```
 */
export function conditionalDropPValue(
  cases: readonly ConditionalCase[],
  options: { binary: boolean },
): number | null {
  const usable = cases.filter((c) => c.baseline.length > 0 && c.candidate.length > 0);
  if (usable.length === 0) return null;
  const grid = options.binary ? null : scoreGrid(usable);
  const units = (values: readonly number[]) =>
    grid === null ? values.map((v) => (v >= 0.5 ? 1 : 0)) : values.map(grid);
  const spread: CaseSpread[] = [];
  for (const c of usable) {
    const s = caseSpread(units(c.baseline), units(c.candidate), options);
    if (s.values.length > 1) spread.push(s);
  }
  if (spread.length === 0) return 1;
  return lowerTail(spread);
}

/** One case's possible candidate sums and their chances, and the one observed. */
interface CaseSpread {
  values: number[];
  chances: number[];
  observed: number;
}

function scoreGrid(cases: readonly ConditionalCase[]): (v: number) => number {
  let low = Infinity;
  let high = -Infinity;
  for (const c of cases) {
    for (const v of [...c.baseline, ...c.candidate]) {
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
  }
  const width = high - low;
  return width === 0 ? () => 0 : (v) => Math.round(((v - low) / width) * SCORE_STEPS);
}

/**
 * A case's null distribution of the candidate's sum over its m draws, the rest being the
 * baseline's: the share of m-subsets of its draws with each sum (pass/fail: hypergeometric).
 */
function caseSpread(
  baseline: readonly number[],
  candidate: readonly number[],
  options: { binary: boolean },
): CaseSpread {
  const ways = options.binary
    ? hypergeometric(baseline, candidate)
    : subsetSums([...baseline, ...candidate], candidate.length);
  let weight = 0;
  for (const count of ways.values()) weight += count;
  return {
    values: [...ways.keys()],
    chances: [...ways.values()].map((c) => c / weight),
    observed: candidate.reduce((s, v) => s + v, 0),
  };
}

/** subsetSums for 0/1 draws, by the closed form: C(passes, x) · C(fails, m − x) ways to sum x. */
function hypergeometric(
  baseline: readonly number[],
  candidate: readonly number[],
): Map<number, number> {
  const m = candidate.length;
  let passes = 0;
  for (const v of baseline) passes += v;
  for (const v of candidate) passes += v;
  const fails = baseline.length + m - passes;
  const ways = new Map<number, number>();
  for (let x = Math.max(0, m - fails); x <= Math.min(m, passes); x++) {
    ways.set(x, binomial(passes, x) * binomial(fails, m - x));
  }
  return ways;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/** By sum, the number of m-subsets of `values` (integers) with that sum. */
function subsetSums(values: readonly number[], m: number): Map<number, number> {
  // ways[j] maps a sum to the number of j-subsets of the values seen so far with it.
  let ways: Map<number, number>[] = [new Map([[0, 1]])];
  for (let j = 1; j <= m; j++) ways.push(new Map());
  for (const v of values) {
    const next = ways.map((w) => new Map(w));
    for (let j = 0; j < m; j++) {
      for (const [sum, count] of ways[j]) {
        next[j + 1].set(sum + v, (next[j + 1].get(sum + v) ?? 0) + count);
      }
    }
    ways = next;
  }
  return ways[m];
}

/**
 * Past this many steps of building the distribution (cases times lattice points), the sum is
 * taken as normal with its exact conditional mean and variance: only suites of tens of thousands
 * of varying cases get there, where the sum of so many independent terms is normal to within far
 * less than the gate can tell.
 */
const EXACT_WORK = 40_000_000;

/** P(Σ sums ≤ the observed Σ) over the cases' independent null distributions. */
function lowerTail(spread: readonly CaseSpread[]): number {
  const width = spread.reduce((w, s) => w + Math.max(...s.values) - Math.min(...s.values), 0);
  if (spread.length * Math.min(width, LATTICE) > EXACT_WORK) return normalTail(spread);
  const scale = width <= LATTICE ? 1 : LATTICE / width;
  let low = 0;
  let observed = 0;
  let distribution = new Float64Array([1]);
  for (const s of spread) {
    const values = s.values.map((v) => Math.round(v * scale));
    const min = Math.min(...values);
    const max = Math.max(...values);
    const next = new Float64Array(distribution.length + max - min);
    values.forEach((v, i) => {
      const shift = v - min;
      const chance = s.chances[i];
      for (let j = 0; j < distribution.length; j++) next[j + shift] += distribution[j] * chance;
    });
    distribution = next;
    low += min;
    observed += Math.round(s.observed * scale);
  }
  let tail = 0;
  for (let j = 0; j < distribution.length && low + j <= observed; j++) tail += distribution[j];
  return Math.min(1, Math.max(0, tail));
}

/** The lower tail by the normal law with the sum's exact mean and variance (continuity-corrected). */
function normalTail(spread: readonly CaseSpread[]): number {
  let mean = 0;
  let variance = 0;
  let observed = 0;
  for (const s of spread) {
    let m = 0;
    let second = 0;
    s.values.forEach((v, i) => {
      m += v * s.chances[i];
      second += v * v * s.chances[i];
    });
    mean += m;
    variance += second - m * m;
    observed += s.observed;
  }
  if (variance <= 0) return observed >= mean ? 1 : 0;
  return normalCdf((observed + 0.5 - mean) / Math.sqrt(variance));
}
