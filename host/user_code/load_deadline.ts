import { MAX_TIMER_MS } from "../../core/limits.ts";

/** How long a module (a suite, a target) may take to load unless DIGLINE_LOAD_TIMEOUT_MS says. */
export const DEFAULT_LOAD_TIMEOUT_MS = 30_000;

/** The load deadline: DIGLINE_LOAD_TIMEOUT_MS when it is a usable number, else the default. */
export function loadTimeoutMs(): number {
  let text: string | undefined;
  try {
    text = Deno.env.get("DIGLINE_LOAD_TIMEOUT_MS");
  } catch {
    // Without --allow-env for it, the default holds.
  }
  const value = Number(text);
  return text !== undefined && Number.isInteger(value) && value > 0 && value <= MAX_TIMER_MS
    ? value
    : DEFAULT_LOAD_TIMEOUT_MS;
}

/**
 * Settles as `promise` does, or rejects with `onTimeout()` once `ms` have passed: an import whose
 * top-level await never settles must not hold the command.
 */
export async function withinDeadline<T>(
  promise: Promise<T>,
  options: { ms: number; onTimeout: () => Error },
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(options.onTimeout()), options.ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
