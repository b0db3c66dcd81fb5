import { normalCdf, normalQuantile } from "./normal.ts";
import { runSpreadSums, studentCdf } from "./run_level_noise.ts";

/**
 * The part of the runs' spread that independent cases do not explain, as a variance component:
 * with S_r a run's total over the cases, Q = Σ_r (S_r − S̄)² and E₀ = Σ_i Σ_r (v_ir − v̄_i)² what
 * independent cases give Q on average (runLevelNoise), the runs' own variance of a total is
 * estimated by Q / (B − 1) and the cases' by E₀ / (B − 1); their difference, kept at or above 0,
 * is τ̂², the variance of one run's shared shift (a provider's bad hour). Its uncertainty is that
 * of Q, a mean square on B − 1 degrees of freedom.
 */
export interface RunVariance {
  /** τ̂², in the units of a total over the cases (0 when the cases explain the runs' spread). */
  between: number;
  /** What independent cases give a run's total as variance, in the same units. */
  within: number;
  /** The degrees of freedom τ̂² is estimated on: B − 1. */
  df: number;
  /** How many cases the totals sum over. */
  cases: number;
}

/**
 * RunVariance from each case's value in each run (1/0, a score, or a mean over repeats), runs in
 * the same order for every case; null with fewer than three runs.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * // Twenty cases that all fail together in runs 0 and 1, and pass together in the others.
 * const together = Array.from({ length: 20 }, () => [0, 0, 1, 1, 1, 1, 1, 1]);
 * const variance = runVariance(together);
 * ok(variance !== null && variance.between > 10 * variance.within);
 * ```
 */
export function runVariance(perCase: readonly (readonly number[])[]): RunVariance | null {
  const sums = runSpreadSums(perCase);
  if (sums === null) return null;
  const within = sums.expected / (sums.runs - 1);
  return {
    between: Math.max(0, sums.observed / (sums.runs - 1) - within),
    within,
    df: sums.runs - 1,
    cases: sums.cases,
  };
}

/** Past these degrees of freedom Student's t is the normal distribution to the digits used. */
const NORMAL_DF = 1e4;

/**
 * A one-sided p-value (the lower tail) of a case-level test, with a run-level variance added to
 * the test's own: the case-level statistic z = Φ⁻¹(p), whose variance is `caseVariance`, is
 * rescaled to z·√(caseVariance / (caseVariance + runVariance)) and read on Student's t with
 * Satterthwaite's degrees of freedom ν = df·((caseVariance + runVariance) / runVariance)², which
 * treats the run-level part as a mean square on `df` degrees of freedom and the case-level part as
 * known (it is estimated over every case). With no run-level variance it is the case-level p-value
 * itself; as the run-level part grows the test becomes the run-level one on `df` degrees of freedom.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok(withRunVariance(0.004, { caseVariance: 1, runVariance: 0, df: 12 }).p_value === 0.004);
 * ok(withRunVariance(0.004, { caseVariance: 1, runVariance: 0.5, df: 12 }).p_value > 0.01);
 * ```
 */
export function withRunVariance(
  p: number,
  options: { caseVariance: number; runVariance: number; df: number },
): { p_value: number; df: number | null } {
  const { caseVariance, runVariance } = options;
  if (!(runVariance > 0) || !(caseVariance > 0)) return { p_value: p, df: null };
  const z = normalQuantile(Math.min(1 - 1e-16, Math.max(1e-300, p)));
  const total = caseVariance + runVariance;
  const t = z * Math.sqrt(caseVariance / total);
  const df = options.df * (total / runVariance) ** 2;
  return { p_value: df > NORMAL_DF ? normalCdf(t) : studentCdf(t, df), df };
}
