/**
 * A whole number with commas between thousands, as `toLocaleString("en-US")` writes it. That call
 * loads the locale data the first time, which cost 60–120 ms of every `compare`; a count needs
 * none of it. Anything but a safe integer is left to toLocaleString.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { grouped } from "./grouped.ts";
 * assertEquals(grouped(1234567), "1,234,567");
 * assertEquals(grouped(-1000), "-1,000");
 * ```
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits[i];
  }
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}
