import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { grouped } from "../../core/grouped.ts";

Deno.test("grouped writes every number as toLocaleString(en-US) does", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.maxSafeNat().map((n) => -n), fc.double()),
      (n) => assertEquals(grouped(n), n.toLocaleString("en-US")),
    ),
    { numRuns: 2000 },
  );
  for (const n of [0, 999, 1000, -999, -1000, 1234567]) {
    assertEquals(grouped(n), n.toLocaleString("en-US"));
  }
});
