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
  // Rounded so a printed or stored level reads 0.009, not the product's last binary digits. The
  // figure's test under --confirm is exact (conditionalDropPValue, ADR 0092): no allowance for
  // an approximation's excess is taken off.
  const share = alpha * (1 - CONFIRM_SHARE);
  return options.confirmed === true ? Number(share.toPrecision(12)) : alpha;
}

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

/**
 * Of `compare --confirm`'s budget, what the noisy cases' planned draws may use: all but a
 * reserve for the stable checks that failed (a fifth of the budget, at least `confirm_draws`, the
 * most one check's confirmation takes). Fixed from the suite alone, never from how many checks
 * failed in the run, so the draws the figure's exact test counts do not depend on what the run
 * showed (ADR 0092).
 */
export function noisyBudget(budget: number, gate: { confirm_draws: number }): number {
  return Math.max(0, budget - Math.max(gate.confirm_draws, Math.ceil(budget / 5)));
}
