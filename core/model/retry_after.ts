/**
 * The longest wait a provider's Retry-After is honoured for. Past it, waiting would stall the
 * run for one case, so the call fails now and says how long it was asked to wait.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * How long a response asks the client to wait before trying again, in milliseconds: the
 * `retry-after-ms` header (sent by OpenAI and Azure), else `Retry-After` as seconds or as an
 * HTTP-date measured from `nowMs`. Undefined when neither header holds a usable value.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const headers = (h: Record<string, string>) => (name: string) => h[name];
 * assertEquals(retryAfterMs(headers({ "retry-after": "7" }), 0), 7000);
 * const now = Date.parse("2026-11-30T10:00:00Z");
 * assertEquals(retryAfterMs(headers({ "retry-after": "Mon, 30 Nov 2026 10:00:03 GMT" }), now), 3000);
 * ```
 */
export function retryAfterMs(
  header: (name: string) => string | null | undefined,
  nowMs: number,
): number | undefined {
  const ms = header("retry-after-ms")?.trim();
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Number(ms);
  const value = header("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // An HTTP-date always names its weekday and zone; anything else Date.parse might guess at.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * The wait before retry number `attempt` (1 after the first failure): exponential from
 * `backoffMs`, stretched by up to a quarter by `random` (in [0, 1)) so that workers that failed
 * together do not retry together, and never shorter than what the provider asked for.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(retryDelay(3, { backoffMs: 100, random: 0 }), 400);
 * assertEquals(retryDelay(1, { backoffMs: 100, random: 0.5, retryAfterMs: 2000 }), 2000);
 * ```
 */
export function retryDelay(
  attempt: number,
  options: { backoffMs: number; random: number; retryAfterMs?: number },
): number {
  const exponential = options.backoffMs * 2 ** (attempt - 1) * (1 + 0.25 * options.random);
  return Math.max(exponential, options.retryAfterMs ?? 0);
}
