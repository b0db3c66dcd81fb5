/**
 * The limits an input must stay within because the runtime can not honour more; a suite past
 * one is refused when it loads, naming the limit.
 */

/** The longest delay a timer honours (2^31 − 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** How deeply vars, expected values and params may nest; deeper ones exhaust the stack. */
export const MAX_NESTING_DEPTH = 64;

/**
 * The largest first retry delay: doubled over the most retries (10) and stretched by the
 * jitter's quarter, the last delay must still fit a timer.
 */
export const MAX_BACKOFF_MS = Math.floor(MAX_TIMER_MS / (2 ** 9 * 1.25));
