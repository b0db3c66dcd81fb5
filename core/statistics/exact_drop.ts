import { poissonBinomialUpperTail } from "./poisson_binomial.ts";

/** One case's draws on both sides, as the paired test holds them (PairedCase). */
export interface DrawnCase {
  baseline: readonly number[];
  candidate: readonly number[];
  rounds?: number;
}

/**
 * The exact p-value of a pass/fail figure's drop when every case has B baseline draws (B ≥ 2) and
 * one candidate draw: a permutation test conditioned on each case's passes over the B + 1 draws.
 * If nothing changed the candidate draw is one more like the baseline's, so it is a fail with
 * chance (B + 1 − t) / (B + 1), t the case's passes over all B + 1; with B the same for every
 * case the paired change falls as the candidate's failures rise, and the p-value is the exact
 * upper tail of their count (Poisson-binomial). It holds for any pass rates and any N, where the
 * normal approximation runs above its alpha on a sum made mostly of rare whole failures. Null
 * when the draws are not of that shape (repeats, extra draws, unequal B, scores, B = 1): the
 * caller then keeps the normal approximation.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * // Ten cases that passed in 4 of 4 runs; 2 fail now. Each fails with chance 1/5 given its
 * // history: P(2 or more of 2 at 1/5) = 1/25.
 * const cases = Array.from({ length: 10 }, (_, i) => ({
 *   baseline: [1, 1, 1, 1],
 *   candidate: [i < 2 ? 0 : 1],
 * }));
 * ok(Math.abs((exactDropPValue(cases) ?? 0) - 1 / 25) < 1e-15);
 * ```
 */
export function exactDropPValue(cases: readonly DrawnCase[]): number | null {
  const drawn = (c: DrawnCase) => c.baseline.length > 0 && c.candidate.length > 0;
  // Against one run (the usual baseline) no case need be looked at past the first.
  const runs = cases.find(drawn)?.baseline.length;
  if (runs === undefined || runs < 2) return null;
  const usable = cases.filter(drawn);
  const binary = (v: number) => v === 0 || v === 1;
  const shaped = usable.every((c) =>
    c.candidate.length === 1 && (c.rounds ?? 1) === 1 && c.baseline.length === runs &&
    binary(c.candidate[0]) && c.baseline.every(binary)
  );
  if (!shaped) return null;
  const chances: number[] = [];
  let failed = 0;
  for (const c of usable) {
    const passes = c.baseline.reduce((sum, v) => sum + v, 0) + c.candidate[0];
    chances.push((runs + 1 - passes) / (runs + 1));
    if (c.candidate[0] === 0) failed += 1;
  }
  return poissonBinomialUpperTail(chances, failed);
}
