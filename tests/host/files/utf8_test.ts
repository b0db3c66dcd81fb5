import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { decodeUtf8 } from "../../../host/files/utf8.ts";

/** What the strict decoder alone answers: the text, or that the bytes are not UTF-8. */
function strictly(bytes: Uint8Array): string | "not utf-8" {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "not utf-8";
  }
}

function answer(bytes: Uint8Array): string | "not utf-8" {
  const decoded = decodeUtf8(bytes);
  return "text" in decoded ? decoded.text : "not utf-8";
}

Deno.test("decodeUtf8 answers as the strict decoder does, for any bytes", () => {
  const text = fc.string({ unit: fc.constantFrom("a", "é", "€", "𝄞", "\uFFFD", "\uFEFF", "\n") });
  const utf8 = text.map((s) => new TextEncoder().encode(s));
  // Valid text with a byte broken, cut or inserted, and bytes with no shape at all.
  const broken = fc.tuple(utf8, fc.nat(), fc.integer({ min: 0, max: 255 })).map(
    ([bytes, at, byte]) => {
      const copy = new Uint8Array([...bytes, 0x61]);
      copy[at % copy.length] = byte;
      return copy;
    },
  );
  fc.assert(
    fc.property(fc.oneof(utf8, broken, fc.uint8Array()), (bytes) => {
      assertEquals(answer(bytes), strictly(bytes));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("a U+FFFD the file really holds is text, and a byte that is not UTF-8 is a fault", () => {
  assertEquals(answer(new TextEncoder().encode("a\uFFFDb")), "a\uFFFDb");
  const decoded = decodeUtf8(new Uint8Array([0x61, 0x0a, 0x62, 0xff]));
  assertEquals(decoded, { fault: { offset: 3, byte: 0xff, line: 2, column: 2 } });
});
