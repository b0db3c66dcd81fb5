import { pooledUnitVariances, total } from "./case_variance.ts";
import { conditionalDropPValue } from "./conditional_drop.ts";
import { exactDropPValue } from "./exact_drop.ts";
import { density, normalCdf } from "./normal.ts";

/** One case's draws on both sides of a comparison: 1 pass, 0 fail, or a score. */
export interface PairedCase {
  baseline: readonly number[];
  candidate: readonly number[];
  /** Rounds the candidate draws came in: 1 for a run, more with planned extra draws. */
  rounds?: number;
}

/**
 * How extra candidate draws were planned from the baseline: a case gets `extra` more rounds with
 * probability `chance(π)` when its pass rate is π. Given, each case's variance uses the draws it
 * would get on average rather than the draws it got: the plan picked cases by their baseline
 * draws, so the count it gave a case is tied to the baseline estimate the variance is made of.
 */
export interface DrawDesign {
  extra: number;
  chance: (pi: number) => number;
}

/** A paired test of a figure's drop. */
export interface PairedTest {
  /** The mean over cases of (candidate mean − baseline mean): the figure's paired change. */
  difference: number;
  standard_error: number;
  /** difference / standard_error; 0 when neither side varies at all. */
  z: number;
  /** One-sided: the chance of a change this low or lower if nothing changed. */
  p_value: number;
  /**
   * How p_value was found: `exact` (a permutation test conditioned on each case's history, for
   * one pass/fail draw per case against B ≥ 2 runs) or `normal` (the approximation below).
   */
  method?: "exact" | "normal";
}

/**
 * Tests whether a figure dropped, pairing each case with itself: d_i is the case's candidate
 * mean minus its baseline mean, and the standard error of their mean comes from each case's
 * variance per draw times (1/baseline draws + 1/candidate draws). The variance is estimated from
 * both sides' draws pooled, as the hypothesis under test (nothing changed) says they share it,
 * which is also what gives a single candidate draw a variance. Cases need at least one draw on
 * each side; returns null when there are none. When each case has one pass/fail draw against B ≥ 2
 * baseline draws, the p-value is the exact one (exactDropPValue) and the standard error is kept
 * for the floor and the minimum detectable drop.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * const stable = { baseline: [1, 1, 1], candidate: [1] };
 * const broken = { baseline: [1, 1, 1], candidate: [0] };
 * const test = pairedDropTest([...Array(40).fill(stable), ...Array(10).fill(broken)], {
 *   binary: true,
 * });
 * ok(test !== null && test.difference === -0.2 && test.p_value < 0.01);
 * ```
 */
export function pairedDropTest(
  cases: readonly PairedCase[],
  options: {
    binary: boolean;
    design?: DrawDesign;
    /**
     * The baseline has several runs: the p-value is the exact conditional one for any shape of
     * draws (conditionalDropPValue), scores and planned draws included. Without it, exact only
     * for one pass/fail draw a case against B ≥ 2 (exactDropPValue), else the approximation.
     */
    exact?: boolean;
  },
): PairedTest | null {
  const usable = cases.filter((c) => c.baseline.length > 0 && c.candidate.length > 0);
  if (usable.length === 0) return null;
  // Plain loops and no list per case: compare runs this once per figure over every case, in code
  // too cold for V8 to have optimised. The sums add in the order the means always did (a case's
  // pooled draws: its baseline's, then its candidate's), so every figure comes out to the bit.
  const variances = pooledUnitVariances(
    usable.map((c) => c.baseline),
    usable.map((c) => c.candidate),
    options,
  );
  let sum = 0;
  let variance = 0;
  let thirdCumulant = 0;
  for (let i = 0; i < usable.length; i++) {
    const c = usable[i];
    sum += mean(c.candidate) - mean(c.baseline);
    const drawn = c.baseline.length + c.candidate.length;
    const pi = options.binary
      ? rateFromVariance(variances[i], total(c.baseline, c.candidate) / drawn)
      : 0.5;
    let inverse: number;
    let inverseSquare: number;
    if (options.design === undefined) {
      inverse = 1 / c.candidate.length;
      inverseSquare = 1 / c.candidate.length ** 2;
    } else {
      const perRound = c.candidate.length / (c.rounds ?? 1);
      [inverse, inverseSquare] = expectedInverse(options.design, {
        pi,
        perRound,
        rounds: c.rounds ?? 1,
      });
    }
    variance += variances[i] * (1 / c.baseline.length + inverse);
    if (options.binary) {
      // A Bernoulli mean of n draws has third cumulant π(1−π)(1−2π)/n²; d_i adds one side and
      // subtracts the other.
      thirdCumulant += variances[i] * (1 - 2 * pi) * (inverseSquare - 1 / c.baseline.length ** 2);
    }
  }
  const n = usable.length;
  const difference = sum / n;
  const standard_error = Math.sqrt(variance) / n;
  const exact = exactPValue(usable, options);
  const z = standard_error === 0 ? 0 : difference / standard_error;
  if (exact !== null) return { difference, standard_error, z, p_value: exact, method: "exact" };
  if (standard_error === 0) {
    return { difference, standard_error, z: 0, p_value: 0.5, method: "normal" };
  }
  // The one-term expansion holds for modest skewness; beyond ±1 (a handful of near-certain
  // cases) it would bend the p-value back on itself, so it is held there.
  const skew = Math.max(-1, Math.min(1, thirdCumulant / variance ** 1.5));
  return { difference, standard_error, z, p_value: edgeworth(z, skew), method: "normal" };
}

/** The exact p-value the draws allow, or null where only the approximation applies. */
function exactPValue(
  usable: readonly PairedCase[],
  options: { binary: boolean; design?: DrawDesign; exact?: boolean },
): number | null {
  const plain = options.binary ? exactDropPValue(usable) : null;
  if (plain !== null) return plain;
  if (options.exact === true) return conditionalDropPValue(usable, options);
  return null;
}

/**
 * P(Z ≤ z) for a standardised sum with skewness γ, to the first Edgeworth term:
 * Φ(z) − φ(z)·γ(z² − 1)/6. Most cases of a suite pass nearly always, so a drop comes in whole
 * failures of stable cases and the sum's lower tail is longer than the normal one; without this
 * term the test would alarm more often than its alpha says.
 */
function edgeworth(z: number, skew: number): number {
  const p = normalCdf(z) - density(z) * skew * (z * z - 1) / 6;
  return Math.min(1, Math.max(0, p));
}

/**
 * E[1/m] and E[1/m²] for a case's candidate draws m under the plan, at pass rate π. A case that
 * was drawn again counts the rounds it really got (errors or a cap can leave it fewer than the
 * plan's), one that was not the rounds the plan would have given it.
 */
function expectedInverse(
  design: DrawDesign,
  options: { pi: number; perRound: number; rounds: number },
): [number, number] {
  const chance = design.chance(options.pi);
  const plain = options.perRound;
  const more = options.perRound * (options.rounds > 1 ? options.rounds : 1 + design.extra);
  return [(1 - chance) / plain + chance / more, (1 - chance) / plain ** 2 + chance / more ** 2];
}

/** The pass rate whose binomial variance is `variance`, on the side the draws lean to. */
function rateFromVariance(variance: number, share: number): number {
  const root = Math.sqrt(Math.max(0, 1 - 4 * Math.min(variance, 0.25)));
  return share >= 0.5 ? (1 + root) / 2 : (1 - root) / 2;
}

function mean(values: readonly number[]): number {
  return total(values) / values.length;
}
