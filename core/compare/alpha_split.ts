/**
 * The share of the gate's alpha that plain compare on a baseline of several runs gives the count
 * of stable checks that failed; the primary figure's test gets the rest, so the two together
 * alarm at most alpha on an unchanged system (Bonferroni). Half and half: a broken stable case
 * is the commonest real regression and the count test is exact, so it earns as much as the
 * figure, whose test catches the diffuse drops the count can not see.
 */
export const FLIP_COUNT_SHARE = 0.5;

/**
 * The primary figure's false-alarm rate in a comparison: what the count of stable flips (plain
 * compare on several runs) or the confirmations (`--confirm`) leave of alpha, or all of it.
 */
export function figureAlpha(
  alpha: number,
  options: { flipCounted: boolean; confirmed?: boolean },
): number {
  if (options.flipCounted) return alpha * (1 - FLIP_COUNT_SHARE);
  // Rounded so a printed or stored level reads 0.0072, not the product's last binary digits.
  const share = alpha * (1 - CONFIRM_SHARE) * NORMAL_ALLOWANCE;
  return options.confirmed === true ? Number(share.toPrecision(12)) : alpha;
}

/**
 * Under `--confirm` the figure's p-value is the normal approximation with a skewness term (the
 * planned draws break the exchangeability the exact test needs), and it alarms more often than
 * its nominal level on a sum made mostly of rare whole failures: 1.07% (bench mix) and 1.19%
 * (every p in 0.5–0.8) at a nominal 0.9%, N = 200, 10,000 cycles of bench/detection.ts. Its
 * nominal level is therefore set to this share of what it may spend, so the measured rate is
 * within the stated alpha (ADR 0034).
 */
export const NORMAL_ALLOWANCE = 0.8;

/**
 * The share of the gate's alpha that `compare --confirm` gives the confirmation of stable checks
 * that failed (the reruns' union bound); the primary figure's test gets the rest. Confirmations
 * are cheap in alpha (a broken check fails k times in a row, a flip rarely twice, and the union
 * bound is loose: 0.0–0.07% measured), so a tenth: a fifth cost the diffuse drop's power 3 points.
 */
export const CONFIRM_SHARE = 0.1;

/**
 * `compare --confirm`'s hard budget of extra target calls: `[gate] max_extra_calls`, else half
 * the suite's cases (so a confirmed comparison costs at most 1.5 runs), but never fewer than
 * `confirm_draws`, which a small suite needs to confirm one break at all.
 */
export function extraCallBudget(
  gate: { max_extra_calls?: number; confirm_draws: number },
  options: { cases: number },
): number {
  return gate.max_extra_calls ?? Math.max(Math.ceil(options.cases / 2), gate.confirm_draws);
}
