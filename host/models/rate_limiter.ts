/** The clock and timer a rate limiter waits with; injected so tests control time. */
export interface Pace {
  /** Monotonic milliseconds. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** Client-side limits, per minute; an absent limit does not pace. */
export interface RateLimits {
  requests_per_minute?: number;
  tokens_per_minute?: number;
}

const MINUTE = 60_000;

/**
 * Paces calls to one model endpoint under a requests-per-minute and a tokens-per-minute limit,
 * across every worker of the run. Requests are spaced evenly (a minute's allowance sent in one
 * burst is what providers answer with 429); tokens are a bucket that refills continuously and
 * holds a minute's worth. A reservation is taken before waiting, so waiters are served in the
 * order they asked, and the estimate is corrected once the provider reports what it used.
 */
export class RateLimiter {
  #limits: RateLimits;
  readonly #pace: Pace;
  #nextStart = -Infinity;
  #tokens: number;
  #refilledAt: number;

  constructor(limits: RateLimits, pace: Pace) {
    this.#limits = { ...limits };
    this.#pace = pace;
    this.#tokens = limits.tokens_per_minute ?? 0;
    this.#refilledAt = pace.now();
  }

  /** Applies the lower of each limit, when another user of the endpoint declared its own. */
  tighten(limits: RateLimits): void {
    const lower = (a?: number, b?: number) =>
      a === undefined ? b : b === undefined ? a : Math.min(a, b);
    const hadTokens = this.#limits.tokens_per_minute;
    this.#limits = {
      requests_per_minute: lower(this.#limits.requests_per_minute, limits.requests_per_minute),
      tokens_per_minute: lower(this.#limits.tokens_per_minute, limits.tokens_per_minute),
    };
    if (hadTokens === undefined && this.#limits.tokens_per_minute !== undefined) {
      this.#tokens = this.#limits.tokens_per_minute;
    }
  }

  /** Waits until a request expected to use `tokens` may start; the wait is what it returns. */
  async acquire(tokens: number, signal: AbortSignal): Promise<number> {
    const wait = this.#reserve(tokens);
    if (wait > 0) await this.#pace.sleep(wait, signal);
    return wait;
  }

  /** Corrects a reservation once the call reported what it used (`actual`) against `estimate`. */
  settle(estimate: number, actual: number): void {
    if (this.#limits.tokens_per_minute === undefined) return;
    this.#refill();
    this.#tokens = Math.min(this.#limits.tokens_per_minute, this.#tokens + estimate - actual);
  }

  #reserve(tokens: number): number {
    const now = this.#pace.now();
    let wait = 0;
    const rpm = this.#limits.requests_per_minute;
    if (rpm !== undefined) {
      const start = Math.max(now, this.#nextStart);
      this.#nextStart = start + MINUTE / rpm;
      wait = start - now;
    }
    const tpm = this.#limits.tokens_per_minute;
    if (tpm !== undefined) {
      this.#refill();
      // A request larger than a minute's allowance still goes, once the bucket is full.
      this.#tokens -= Math.min(tokens, tpm);
      if (this.#tokens < 0) wait = Math.max(wait, (-this.#tokens / tpm) * MINUTE);
    }
    return wait;
  }

  #refill(): void {
    const tpm = this.#limits.tokens_per_minute;
    const now = this.#pace.now();
    if (tpm !== undefined) {
      this.#tokens = Math.min(tpm, this.#tokens + ((now - this.#refilledAt) * tpm) / MINUTE);
    }
    this.#refilledAt = now;
  }
}

/** Real time: performance.now and a timer that an aborted signal cuts short. */
export const realPace: Pace = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    }),
};
