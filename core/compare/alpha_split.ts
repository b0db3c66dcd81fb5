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
  return options.confirmed === true ? alpha * (1 - CONFIRM_SHARE) : alpha;
}

/**
 * The share of the gate's alpha that `compare --confirm` gives the confirmation of stable checks
 * that failed (the reruns' union bound); the primary figure's test gets the rest. Confirmations
 * are cheap in alpha (a broken check fails k times in a row, a flip rarely twice), so a fifth.
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
