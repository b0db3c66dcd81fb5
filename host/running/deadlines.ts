import { TransportError } from "../targets/mod.ts";

/** Aborts attempts that outlive the timeout, with one timer for the whole run. */
export interface Deadlines {
  /** Starts the clock on an attempt. */
  watch(attempt: AbortController): void;
  /** Stops the clock on an attempt: it settled. */
  release(attempt: AbortController): void;
  /** Aborts every attempt in flight with `reason`: the run is stopping. */
  abortAll(reason: unknown): void;
  /** Clears the timer; nothing is watched after the run. */
  close(): void;
}

/**
 * A timer per attempt costs more than the rest of a fast case's bookkeeping. Every attempt has
 * the same timeout, so deadlines fall due in the order attempts began: a Map (which iterates in
 * insertion order) is a queue, and one timer armed for its oldest entry serves them all. Each
 * attempt is its own key (no entry object or closure per attempt): what an attempt holds while
 * it waits is held by every attempt in flight, long enough to be promoted.
 */
export function deadlines(timeoutMs: number): Deadlines {
  const watched = new Map<AbortController, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  function arm(): void {
    const oldest = watched.values().next();
    if (timer !== undefined || oldest.done) return;
    timer = setTimeout(expire, Math.max(0, oldest.value - performance.now()));
  }
  function expire(): void {
    timer = undefined;
    const now = performance.now();
    for (const [attempt, due] of watched) {
      if (due > now) break;
      watched.delete(attempt);
      attempt.abort(new TransportError(`timed out after ${timeoutMs} ms`));
    }
    arm();
  }
  function close(): void {
    clearTimeout(timer);
    timer = undefined;
    watched.clear();
  }
  return {
    watch(attempt) {
      watched.set(attempt, performance.now() + timeoutMs);
      arm();
    },
    release(attempt) {
      watched.delete(attempt);
      // An idle run must not keep a timer alive (it would hold the process open).
      if (watched.size === 0) close();
    },
    abortAll(reason) {
      for (const attempt of [...watched.keys()]) attempt.abort(reason);
    },
    close,
  };
}
