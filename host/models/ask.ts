import { MAX_RETRY_AFTER_MS, retryDelay } from "../../core/model/retry_after.ts";
import type { ModelMeter } from "../../core/model/usage.ts";
import type { ModelPrompt, ModelReply } from "../../core/model/providers/wire_format.ts";
import { TransportError } from "../calls/target.ts";
import type { ModelClient } from "./model_client.ts";
import type { Pace } from "./rate_limiter.ts";

/** How a model is asked when nobody else retries for the caller (a judge). */
export interface AskOptions {
  /** Aborted when the run stops: the ask stops too, and throws the signal's reason. */
  signal: AbortSignal;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  meter?: ModelMeter;
  pace: Pace;
  /** A number in [0, 1) for the backoff jitter. */
  random: () => number;
}

/** The model's reply, or the failure that ended the asking, with the attempts it took. */
export type AskResult =
  | { ok: true; reply: ModelReply; attempts: number }
  | { ok: false; error: TransportError; attempts: number };

/**
 * Asks a model once, retrying what a retry can cure (a 429, a 5xx, a timeout, a malformed body)
 * with exponential backoff and jitter, and waiting at least as long as a Retry-After asks. A
 * failure is returned, not thrown, so the caller turns it into an errored verdict; only the
 * run's own cancellation is thrown.
 */
export async function askModel(
  client: ModelClient,
  prompt: ModelPrompt,
  options: AskOptions,
): Promise<AskResult> {
  const estimate = client.estimate(prompt);
  let attempts = 0;
  for (;;) {
    if (options.signal.aborted) throw options.signal.reason;
    let failure: TransportError;
    try {
      await client.ready(estimate, options.signal);
      attempts++;
      const reply = await withTimeout(
        (signal) =>
          client.send(prompt, { signal, retry: attempts > 1, meter: options.meter, estimate }),
        { ms: options.timeoutMs, signal: options.signal },
      );
      return { ok: true, reply, attempts };
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (!(error instanceof TransportError)) throw error;
      failure = error;
    }
    if (!failure.retryable || attempts > options.retries) {
      return { ok: false, error: failure, attempts };
    }
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > MAX_RETRY_AFTER_MS) {
      const seconds = Math.round(failure.retryAfterMs / 1000);
      return {
        ok: false,
        attempts,
        error: new TransportError(
          `${failure.message} (it asked to wait ${seconds} s, longer than the ${
            MAX_RETRY_AFTER_MS / 1000
          } s digline waits)`,
        ),
      };
    }
    const delay = retryDelay(attempts, {
      backoffMs: options.backoffMs,
      random: options.random(),
      ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
    });
    if (delay > 0) await options.pace.sleep(delay, options.signal);
  }
}

async function withTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  options: { ms: number; signal: AbortSignal },
): Promise<T> {
  const attempt = new AbortController();
  const timer = setTimeout(
    () => attempt.abort(new TransportError(`timed out after ${options.ms} ms`)),
    options.ms,
  );
  const cancel = () => attempt.abort(options.signal.reason);
  options.signal.addEventListener("abort", cancel, { once: true });
  try {
    return await run(attempt.signal);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", cancel);
  }
}
