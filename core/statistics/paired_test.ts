import { unitVariances } from "./case_variance.ts";
import { normalCdf } from "./normal.ts";

/** One case's draws on both sides of a comparison: 1 pass, 0 fail, or a score. */
export interface PairedCase {
  baseline: readonly number[];
  candidate: readonly number[];
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
}

/**
 * Tests whether a figure dropped, pairing each case with itself: d_i is the case's candidate
 * mean minus its baseline mean, and the standard error of their mean comes from each case's
 * variance per draw times (1/baseline draws + 1/candidate draws). The variance is estimated from
 * both sides' draws pooled, as the hypothesis under test (nothing changed) says they share it,
 * which is also what gives a single candidate draw a variance. Cases need at least one draw on
 * each side; returns null when there are none.
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
  options: { binary: boolean },
): PairedTest | null {
  const usable = cases.filter((c) => c.baseline.length > 0 && c.candidate.length > 0);
  if (usable.length === 0) return null;
  const variances = unitVariances(usable.map((c) => [...c.baseline, ...c.candidate]), options);
  let sum = 0;
  let variance = 0;
  usable.forEach((c, i) => {
    sum += mean(c.candidate) - mean(c.baseline);
    variance += variances[i] * (1 / c.baseline.length + 1 / c.candidate.length);
  });
  const n = usable.length;
  const difference = sum / n;
  const standard_error = Math.sqrt(variance) / n;
  const z = standard_error === 0 ? 0 : difference / standard_error;
  return { difference, standard_error, z, p_value: normalCdf(z) };
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}
