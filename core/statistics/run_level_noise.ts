/**
 * Whether a baseline's runs vary more than independent cases would make them: the case-level
 * tests assume each case's draws are independent of the others' within a run, and a provider's
 * bad hour (every case a little worse in one run) breaks that. The statistic is the spread of the
 * runs' totals, Q = Σ_r (S_r − S̄)². Given each case's values, shuffling them across the runs case
 * by case leaves the cases independent, and Q's mean under those shuffles is Σ_i Σ_r (v_ir −
 * v̄_i)²; `ratio` is Q over that mean (1 for independent cases, larger when cases move together).
 * Over many cases the totals are near normal, so (B − 1) · ratio is near χ² with B − 1 degrees
 * of freedom, and `p_value` is its upper tail.
 */
export interface RunNoise {
  ratio: number;
  p_value: number;
  /** p_value ≤ RUN_NOISE_LEVEL: the case-level tests' assumption is in doubt. */
  at_risk: boolean;
}

/** At or below this the reading says cases may fail together within a run. */
export const RUN_NOISE_LEVEL = 0.05;
/**
 * At or below this p-value of the runs' spread (RunNoise) the baseline's runs disagree more than
 * their cases explain, and the primary figure's test counts runs: a worse figure must also be
 * worse run against run (ADR 0123). It depends on how many runs the baseline has, as the spread's
 * test sees run-level noise only with enough of them. With ten or more, 0.01: at 0.05 one
 * independent baseline in twenty would lose most of its power on diffuse drops (3.7 points of
 * the bench's diffuse −5 under `--confirm` at N = 200, 90.2% → 86.5%), and on the bench mix with
 * a shift of SD 0.2 it removed almost no alarms. With fewer, the test on 2 to 8 degrees of
 * freedom misses even a run-level variance several times the cases' (a mix whose cases all
 * pass near 0.65, N = 1,000, SD 0.2), so it acts sooner: 0.05 from six runs; below six the
 * figure's test always counts runs, as three to five runs can not show their cases independent.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals([3, 5, 6, 9, 10, 13].map(runNoiseWiden), [1, 1, 0.05, 0.05, 0.01, 0.01]);
 * ```
 */
export function runNoiseWiden(runs: number): number {
  return runs >= 10 ? 0.01 : runs >= 6 ? 0.05 : 1;
}

/**
 * The two sums the runs' spread is read from, each case's values taken about its own mean: Q,
 * the sum over runs of the squared run totals (`observed`), and E₀, the sum over cases and runs
 * of the squared deviations (`expected`, what Q is on average when cases are independent); with
 * the runs and the cases counted. Null with fewer than three runs; a case with another number of
 * values is left out.
 */
export function runSpreadSums(
  perCase: readonly (readonly number[])[],
): { runs: number; observed: number; expected: number; cases: number } | null {
  const runs = perCase[0]?.length ?? 0;
  if (runs < 3) return null;
  const totals = new Float64Array(runs);
  let expected = 0;
  let cases = 0;
  for (const values of perCase) {
    if (values.length !== runs) continue;
    cases += 1;
    const mean = values.reduce((s, v) => s + v, 0) / runs;
    values.forEach((v, r) => {
      totals[r] += v - mean;
      expected += (v - mean) ** 2;
    });
  }
  let observed = 0;
  for (const t of totals) observed += t * t;
  return { runs, observed, expected, cases };
}

/**
 * The runs' spread against independent cases' (see RunNoise), from each case's value in each
 * run (1/0, a score, or a mean over repeats), runs in the same order for every case. Null with
 * fewer than three runs or nothing that varied.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * // Twenty cases that all fail together in runs 0 and 1, and pass together in the others.
 * const together = Array.from({ length: 20 }, () => [0, 0, 1, 1, 1, 1, 1, 1]);
 * const noise = runLevelNoise(together);
 * ok(noise !== null && noise.at_risk && noise.ratio > 10);
 * ```
 */
export function runLevelNoise(perCase: readonly (readonly number[])[]): RunNoise | null {
  const sums = runSpreadSums(perCase);
  if (sums === null || sums.expected <= 1e-12) return null;
  const { runs, observed, expected } = sums;
  // Under the shuffles each case's deviations are a random order of its own: their sum over
  // runs has mean 0 and the cross terms vanish, so E[Q] = Σ_i Σ_r d_ir², with B − 1 degrees of
  // freedom (the deviations sum to 0 over runs).
  const ratio = observed / expected;
  const p_value = chiSquareUpperTail((runs - 1) * ratio, runs - 1);
  return { ratio, p_value, at_risk: p_value <= RUN_NOISE_LEVEL };
}

/** P(χ²_ν ≥ x): the regularised upper incomplete gamma Q(ν/2, x/2). */
export function chiSquareUpperTail(x: number, nu: number): number {
  if (x <= 0) return 1;
  const a = nu / 2;
  const y = x / 2;
  const front = Math.exp(-y + a * Math.log(y) - logGamma(a));
  if (y < a + 1) {
    // The series for the lower part.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= y / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.min(1, Math.max(0, 1 - front * sum));
  }
  // The continued fraction for the upper part (Lentz).
  const tiny = 1e-300;
  let b = y + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return Math.min(1, Math.max(0, front * h));
}

/**
 * The one-sided p-value that a run's total is this low if it is one more run like the baseline's:
 * Student's t with B − 1 degrees of freedom on the runs' totals, which holds whatever the cases do
 * within a run (only the runs are taken as independent, and their totals as near normal).
 * Null with fewer than three runs or totals that never varied.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok((runLevelPValue([100, 102, 98, 101, 99], 90) ?? 1) < 0.01);
 * ```
 */
export function runLevelPValue(baseline: readonly number[], candidate: number): number | null {
  const b = baseline.length;
  if (b < 3) return null;
  const mean = baseline.reduce((s, v) => s + v, 0) / b;
  const variance = baseline.reduce((s, v) => s + (v - mean) ** 2, 0) / (b - 1);
  if (variance <= 0) return null;
  const t = (candidate - mean) / Math.sqrt(variance * (1 + 1 / b));
  return studentCdf(t, b - 1);
}

/** P(T ≤ t) for Student's t with ν degrees of freedom. */
export function studentCdf(t: number, nu: number): number {
  const x = nu / (nu + t * t);
  const tail = 0.5 * incompleteBeta(x, nu / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** The regularised incomplete beta function I_x(a, b), by its continued fraction. */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x),
  );
  if (x < (a + 1) / (a + b + 2)) return (front * fraction(x, a, b)) / a;
  return 1 - (front * fraction(1 - x, b, a)) / b;
}

function fraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-14) break;
  }
  return h;
}

const LANCZOS = [
  676.5203681218851,
  -1259.1392167224028,
  771.32342877765313,
  -176.61502916214059,
  12.507343278686905,
  -0.13857109526572012,
  9.9843695780195716e-6,
  1.5056327351493116e-7,
];

function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const w = z - 1;
  let x = 0.99999999999980993;
  LANCZOS.forEach((c, i) => (x += c / (w + i + 1)));
  const t = w + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(x);
}
