import { z } from "zod";
import { MAX_BACKOFF_MS, MAX_TIMER_MS } from "./limits.ts";

/** A per-attempt timeout a timer can honour; a longer one would fire at once. */
export function timeoutMsSchema(fallback: number) {
  return z.number().int().positive().max(
    MAX_TIMER_MS,
    `timeout_ms may be at most ${MAX_TIMER_MS} (2^31 − 1 ms, the longest timer): give a smaller one`,
  ).default(fallback);
}

/** A first retry delay whose doublings a timer can honour. */
export function backoffMsSchema(fallback: number) {
  return z.number().int().nonnegative().max(
    MAX_BACKOFF_MS,
    `backoff_ms may be at most ${MAX_BACKOFF_MS}: doubled over 10 retries it must fit a timer's ` +
      "2^31 − 1 ms; give a smaller one",
  ).default(fallback);
}
