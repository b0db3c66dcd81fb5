import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { retryAfterMs, retryDelay } from "../../../core/model/retry_after.ts";

const headers = (h: Record<string, string>) => (name: string) => h[name];
const NOW = Date.parse("2026-11-30T10:00:00Z");

Deno.test("Retry-After is read as seconds, as an HTTP-date, or from retry-after-ms", () => {
  assertEquals(retryAfterMs(headers({ "retry-after": "20" }), NOW), 20_000);
  assertEquals(retryAfterMs(headers({ "retry-after": " 1.5 " }), NOW), 1500);
  assertEquals(
    retryAfterMs(headers({ "retry-after": "Mon, 30 Nov 2026 10:01:00 GMT" }), NOW),
    60_000,
  );
  assertEquals(retryAfterMs(headers({ "retry-after": "Mon, 30 Nov 2026 09:00:00 GMT" }), NOW), 0);
  assertEquals(
    retryAfterMs(headers({ "retry-after-ms": "250", "retry-after": "9" }), NOW),
    250,
  );
});

Deno.test("a Retry-After that is neither seconds nor an HTTP-date is ignored", () => {
  for (const value of ["", "soon", "-3", "2026-11-30T10:01:00Z", "1e3"]) {
    assertEquals(retryAfterMs(headers({ "retry-after": value }), NOW), undefined, value);
  }
  assertEquals(retryAfterMs(headers({}), NOW), undefined);
});

Deno.test("the retry delay doubles, stretches by up to a quarter, and never undercuts Retry-After", () => {
  assertEquals([1, 2, 3].map((n) => retryDelay(n, { backoffMs: 250, random: 0 })), [
    250,
    500,
    1000,
  ]);
  assertEquals(retryDelay(1, { backoffMs: 200, random: 0.999 }) < 250, true);
  assertEquals(retryDelay(2, { backoffMs: 200, random: 0, retryAfterMs: 100 }), 400);
  assertEquals(retryDelay(2, { backoffMs: 200, random: 0, retryAfterMs: 5000 }), 5000);
  assertEquals(retryDelay(1, { backoffMs: 0, random: 0 }), 0);
});
