import { TransportError } from "../targets/mod.ts";

/** Aborts attempts that outlive the timeout, with one timer for the whole run. */
export interface Deadlines {
  /** Starts the clock on an attempt; call the returned function when the attempt settles. */
  watch(attempt: AbortController): () => void;
  /** Aborts every attempt in flight with `reason`: the run is stopping. */
  abortAll(reason: unknown): void;
  /** Clears the timer; nothing is watched after the run. */
  close(): void;
}

/**
 * A timer per attempt costs more than the rest of a fast case's bookkeeping. Every attempt has
 * the same timeout, so deadlines fall due in the order attempts began: a Set (which iterates in
 * insertion order) is a queue, and one timer armed for its oldest entry serves them all.
 */
export function deadlines(timeoutMs: number): Deadlines {
  const watched = new Set<{ due: number; attempt: AbortController }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  function arm(): void {
    const oldest = watched.values().next();
    if (timer !== undefined || oldest.done) return;
    timer = setTimeout(expire, Math.max(0, oldest.value.due - performance.now()));
  }
  function expire(): void {
    timer = undefined;
    const now = performance.now();
    for (const entry of watched) {
      if (entry.due > now) break;
      watched.delete(entry);
      entry.attempt.abort(new TransportError(`timed out after ${timeoutMs} ms`));
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
      const entry = { due: performance.now() + timeoutMs, attempt };
      watched.add(entry);
      arm();
      return () => {
        watched.delete(entry);
        // An idle run must not keep a timer alive (it would hold the process open).
        if (watched.size === 0) close();
      };
    },
    abortAll(reason) {
      for (const entry of [...watched]) entry.attempt.abort(reason);
    },
    close,
  };
}
