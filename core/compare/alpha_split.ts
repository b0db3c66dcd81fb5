/**
 * The share of the gate's alpha that plain compare on a baseline of several runs gives the count
 * of stable checks that failed; the primary figure's test gets the rest, so the two together
 * alarm at most alpha on an unchanged system (Bonferroni). Half and half: a broken stable case
 * is the commonest real regression and the count test is exact, so it earns as much as the
 * figure, whose test catches the diffuse drops the count can not see.
 */
export const FLIP_COUNT_SHARE = 0.5;

/** The primary figure's false-alarm rate in a comparison: all of alpha, or what the count leaves. */
export function figureAlpha(alpha: number, options: { flipCounted: boolean }): number {
  return options.flipCounted ? alpha * (1 - FLIP_COUNT_SHARE) : alpha;
}
