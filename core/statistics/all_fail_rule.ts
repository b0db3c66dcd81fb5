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
