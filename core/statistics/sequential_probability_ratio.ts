/**
 * Wald's sequential probability ratio test of a stable check that failed: is it broken now, or
 * did it flip the way a stable case sometimes does? Each confirmation draw moves the log
 * likelihood ratio of "it fails with probability θ₁" against "with probability θ₀"; the break is
 * confirmed when the ratio reaches log((1−β)/α) and dismissed when it falls to log(β/(1−α))
 * (A. Wald, "Sequential Tests of Statistical Hypotheses", Ann. Math. Stat. 16, 1945). One pass
 * never dismisses a break on its own, and the draw that failed in the run is not counted: it is
 * why the case was drawn again, so it is no evidence either way.
 */
export interface SequentialTest {
  /** The failure rate of a stable check that merely flipped. */
  theta0: number;
  /** The failure rate of a broken check. */
  theta1: number;
  /** The chance of confirming a check that fails at θ₀. */
  alpha: number;
  /** The chance of dismissing a check that fails at θ₁. */
  beta: number;
}

/**
 * The test `compare --confirm` applies: a check that fails one time in ten is not broken, one
 * that fails every other time is; the error rates were chosen with bench/detection.ts (see
 * docs/detection.md). ADR 0031 explains each number.
 */
export const CONFIRM_TEST: SequentialTest = { theta0: 0.1, theta1: 0.5, alpha: 0.001, beta: 0.1 };

/** Where a check's confirmation stands. */
export type ConfirmationOutcome = "confirmed" | "dismissed" | "undecided" | "pending";

/**
 * The outcome of the confirmation draws of one check, in the order they were drawn ("pass" or
 * "fail"; errored draws are left out by the caller). Draws after a decision are ignored;
 * `pending` means another draw is wanted, `undecided` that `maxDraws` were spent without one.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const broken = ["fail", "fail", "fail", "fail", "fail"] as const;
 * assertEquals(sequentialOutcome(broken, { maxDraws: 6 }), "confirmed");
 * assertEquals(sequentialOutcome(["pass", "fail"], { maxDraws: 6 }), "pending");
 * assertEquals(sequentialOutcome(["pass", "pass", "pass", "pass"], { maxDraws: 6 }), "dismissed");
 * ```
 */
export function sequentialOutcome(
  draws: readonly ("pass" | "fail")[],
  options: { maxDraws: number; test?: SequentialTest },
): ConfirmationOutcome {
  const t = options.test ?? CONFIRM_TEST;
  const onFail = Math.log(t.theta1 / t.theta0);
  const onPass = Math.log((1 - t.theta1) / (1 - t.theta0));
  const upper = Math.log((1 - t.beta) / t.alpha);
  const lower = Math.log(t.beta / (1 - t.alpha));
  let ratio = 0;
  for (const [index, draw] of draws.entries()) {
    if (index >= options.maxDraws) break;
    ratio += draw === "fail" ? onFail : onPass;
    if (ratio >= upper) return "confirmed";
    if (ratio <= lower) return "dismissed";
  }
  return Math.min(draws.length, options.maxDraws) >= options.maxDraws ? "undecided" : "pending";
}
