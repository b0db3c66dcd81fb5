import { studentCdf } from "./run_level_noise.ts";

/**
 * What the run-level test (runLevelPValue: the candidate run's total against the baseline runs'
 * totals, Student's t with B − 1 degrees of freedom) can see, from the baseline runs' spread of
 * totals s: a candidate total below the baseline's mean by d has t = d / (s·√(1 + 1/B)).
 *
 * @module
 */

/** The q-quantile of Student's t with ν degrees of freedom, by bisection on studentCdf. */
export function studentQuantile(q: number, nu: number): number {
  let [low, high] = [-1e3, 1e3];
  for (let i = 0; i < 200 && high - low > 1e-10; i++) {
    const mid = (low + high) / 2;
    if (studentCdf(mid, nu) < q) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The sample standard deviation of the baseline runs' totals; null below two runs. */
export function runSpread(totals: readonly number[]): number | null {
  const b = totals.length;
  if (b < 2) return null;
  const mean = totals.reduce((s, v) => s + v, 0) / b;
  return Math.sqrt(totals.reduce((s, v) => s + (v - mean) ** 2, 0) / (b - 1));
}

/**
 * The smallest drop of the runs' total that the run-level test finds with chance `power` at
 * `alpha`, with `runs` baseline runs of this spread: (t_{1−α} + t_{power}) · s · √(1 + 1/B).
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * const three = runLevelDrop(2, { runs: 3, alpha: 0.005, power: 0.9 });
 * const ten = runLevelDrop(2, { runs: 10, alpha: 0.005, power: 0.9 });
 * ok(three > 2.5 * ten);
 * ```
 */
export function runLevelDrop(
  spread: number,
  options: { runs: number; alpha: number; power: number },
): number {
  const nu = options.runs - 1;
  const reach = studentQuantile(1 - options.alpha, nu) + studentQuantile(options.power, nu);
  return reach * spread * Math.sqrt(1 + 1 / options.runs);
}

/** The most runs runsForDrop considers: a baseline is paid once per approval, but not forever. */
export const MOST_RUNS = 100;

/**
 * The fewest baseline runs (up to MOST_RUNS) with which a drop of the total this large would
 * clear the run-level test at `alpha`, were the runs' spread what it is now:
 * t_{R−1, 1−α} · s · √(1 + 1/R) ≤ drop. Null when no number of runs up to MOST_RUNS would: the
 * drop is within the runs' own spread.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(runsForDrop(1, { spread: 1, alpha: 0.005 }), null);
 * assertEquals(runsForDrop(4, { spread: 1, alpha: 0.005 }), 7);
 * ```
 */
export function runsForDrop(
  drop: number,
  options: { spread: number; alpha: number },
): number | null {
  for (let runs = 3; runs <= MOST_RUNS; runs++) {
    const needed = studentQuantile(1 - options.alpha, runs - 1) * options.spread *
      Math.sqrt(1 + 1 / runs);
    if (needed <= drop) return runs;
  }
  return null;
}
