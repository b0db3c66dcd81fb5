import type { ConfirmationOutcome } from "./sequential_probability_ratio.ts";

/**
 * `compare --confirm`'s rule for a stable check that failed: draw it again until it passes once
 * (dismissed) or fails k times in a row (confirmed). The draw that failed in the run is not
 * counted: it is why the check is drawn. Errored draws are left out by the caller.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(allFailOutcome(["fail", "fail", "fail"], { k: 3 }), "confirmed");
 * assertEquals(allFailOutcome(["fail", "pass"], { k: 3 }), "dismissed");
 * assertEquals(allFailOutcome(["fail"], { k: 3 }), "pending");
 * ```
 */
export function allFailOutcome(
  draws: readonly ("pass" | "fail")[],
  options: { k: number },
): Exclude<ConfirmationOutcome, "undecided"> {
  for (const [index, draw] of draws.entries()) {
    if (draw === "pass") return "dismissed";
    if (index + 1 >= options.k) return "confirmed";
  }
  return "pending";
}

/**
 * The most a check failing at rate q, the same before and now, can contribute to false
 * confirmations: it must pass in all B baseline runs, fail in the run, and fail k reruns,
 * (1 − q)^B · q^(k+1), whose largest value over q is at q = (k + 1)/(B + k + 1).
 */
export function falseConfirmationBound(options: { runs: number; k: number }): number {
  const { runs, k } = options;
  const q = (k + 1) / (runs + k + 1);
  return (1 - q) ** runs * q ** (k + 1);
}

/**
 * The fewest reruns k such that, over `checks` stable checks, the chance of confirming any break
 * of an unchanged system is at most `alpha` whatever their failure rates (a union bound over
 * falseConfirmationBound), or `max` when even that many would not do (then the bound does not
 * hold, and the plan says so).
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * // 140 stable checks, ten baseline runs, 0.2% of alpha: six reruns.
 * assertEquals(rerunsForFamilyError({ checks: 140, runs: 10, alpha: 0.002, max: 20 }), 6);
 * ```
 */
export function rerunsForFamilyError(
  options: { checks: number; runs: number; alpha: number; max: number },
): number {
  for (let k = 1; k <= options.max; k++) {
    if (options.checks * falseConfirmationBound({ runs: options.runs, k }) <= options.alpha) {
      return k;
    }
  }
  return options.max;
}

/**
 * The fewest baseline runs for which k reruns keep `checks` stable checks within `alpha` (the
 * union bound of rerunsForFamilyError), or null when none up to `max` would.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * // 200 checks at a tenth of 0.01 with ten reruns: eight runs.
 * assertEquals(runsForFamilyError({ checks: 200, k: 10, alpha: 0.001, max: 100 }), 8);
 * ```
 */
export function runsForFamilyError(
  options: { checks: number; k: number; alpha: number; max: number },
): number | null {
  for (let runs = 1; runs <= options.max; runs++) {
    if (options.checks * falseConfirmationBound({ runs, k: options.k }) <= options.alpha) {
      return runs;
    }
  }
  return null;
}

/**
 * The most a check failing at rate q, the same before and now, can contribute to false
 * confirmations when checks that failed in exactly one of the B baseline runs are confirmed too,
 * by `kOnce` failures in a row, beside stable ones by k: (1 − q)^B · q^(k+1) + B · q · (1 − q)^(B−1)
 * · q^(kOnce+1), the two ways a check can be confirmed, which are exclusive. Its largest value over
 * q: each term is unimodal, so the largest lies between their peaks, (k + 1)/(B + k + 1) and
 * (kOnce + 2)/(B + kOnce + 1); found there on a grid of 2,000 points and refined around the best.
 */
export function onceFailedBound(options: { runs: number; k: number; kOnce: number }): number {
  const { runs, k, kOnce } = options;
  const at = (q: number) =>
    (1 - q) ** runs * q ** (k + 1) + runs * q * (1 - q) ** (runs - 1) * q ** (kOnce + 1);
  const peaks = [(k + 1) / (runs + k + 1), (kOnce + 2) / (runs + kOnce + 1)];
  const from = Math.min(...peaks);
  const span = Math.max(...peaks) - from;
  const steps = 2_000;
  let best = at(from);
  let where = from;
  for (let i = 1; i <= steps; i++) {
    const q = from + (span * i) / steps;
    const value = at(q);
    if (value > best) [best, where] = [value, q];
  }
  let low = Math.max(from, where - span / steps);
  let high = Math.min(from + span, where + span / steps);
  for (let i = 0; i < 60; i++) {
    const a = low + (high - low) / 3;
    const b = high - (high - low) / 3;
    if (at(a) < at(b)) low = a;
    else high = b;
  }
  return Math.max(best, at((low + high) / 2));
}

/**
 * The fewest reruns that confirm a check which failed once in the baseline, beside stable
 * checks' k, such that over `checks` checks the chance of confirming any break of an unchanged
 * system stays within `alpha` whatever their failure rates (a union bound over onceFailedBound);
 * null when none up to `max` would (then only stable checks are confirmed).
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * // 200 checks, ten runs, a tenth of 0.01, stable checks at k = 7: thirteen reruns.
 * assertEquals(rerunsForOnceFailed({ checks: 200, runs: 10, alpha: 0.001, k: 7, max: 20 }), 13);
 * ```
 */
export function rerunsForOnceFailed(
  options: { checks: number; runs: number; alpha: number; k: number; max: number },
): number | null {
  if (options.runs < 2) return null;
  for (let kOnce = 1; kOnce <= options.max; kOnce++) {
    const bound = onceFailedBound({ runs: options.runs, k: options.k, kOnce });
    if (options.checks * bound <= options.alpha) return kOnce;
  }
  return null;
}
