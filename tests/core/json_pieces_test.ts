import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { jsonPieces } from "../../core/json_pieces.ts";

// The property: the pieces, joined, are JSON.stringify's text of the same value, byte for byte,
// so a document printed in pieces reads as it did printed whole.

const anything = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string({ unit: "binary" }),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(() => 1),
    fc.date({ noInvalidDate: true }),
    fc.array(tie("value"), { maxLength: 6 }),
    fc.dictionary(fc.string(), tie("value"), { maxKeys: 6 }),
  ),
})).value;

function joined(value: unknown, space?: number): string {
  return [...jsonPieces(value, space)].join("");
}

Deno.test("a value printed in pieces is JSON.stringify's text of it", () => {
  fc.assert(
    fc.property(anything, fc.constantFrom(2, 1, 4), (value, space) => {
      assertEquals(joined(value, space), JSON.stringify(value, null, space) ?? "");
    }),
    { numRuns: 2000 },
  );
});

Deno.test("a summary of 20,000 cases prints in pieces of about 16 K, to the same text", () => {
  const ids = Array.from({ length: 20000 }, (_, i) => `case-${i}`);
  const summary = {
    kind: "run",
    cases: ids,
    checks: { pass: ids.map((id) => `${id}/correct`), fail: [], error: [] },
    figures: [{ name: "accuracy", value: 0.9, nested: { deep: { deeper: [1, { a: "\n" }] } } }],
    nothing: undefined,
  };
  const pieces = [...jsonPieces(summary)];
  assertEquals(pieces.join(""), JSON.stringify(summary, null, 2));
  assertEquals(pieces.length > 10, true);
  assertEquals(pieces.every((piece) => piece.length < 20 * 1024), true);
});
