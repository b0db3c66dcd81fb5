import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import fc from "fast-check";
import { readNamedFileSync } from "../../../host/files/read_named_file.ts";
import { readFileLines, textLines } from "../../../host/suite_loader/file_lines.ts";

/**
 * The property: a file's lines read from its bytes (a shard's way) are the lines of its text read
 * whole (the unsharded way), or both refuse it with the same error.
 */

function outcome(read: () => string[]): string[] | string {
  try {
    return read();
  } catch (error) {
    return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
  }
}

function all(lines: { count: number; at(index: number): string }): string[] {
  return Array.from({ length: lines.count }, (_, index) => lines.at(index));
}

const pieces = fc.constantFrom(
  "\n",
  "\r\n",
  "\r",
  "\uFEFF",
  "\uFFFD",
  "caf\u00e9",
  "\u65e5\u672c",
  "\u{1F600}",
  '{"id": "a"}',
  " ",
  "",
);

Deno.test("a file's lines read from its bytes are the lines of its text, and bytes that are not UTF-8 are refused alike", async () => {
  const dir = await Deno.makeTempDir({ prefix: "digline-file-lines-" });
  const path = join(dir, "cases.jsonl");
  const named = { display: "cases.jsonl", what: "cases file" };
  const encoder = new TextEncoder();
  fc.assert(
    fc.property(
      fc.array(pieces, { maxLength: 30 }),
      fc.option(fc.tuple(fc.nat(), fc.constantFrom(0xff, 0xc3, 0x80, 0xed, 0xef, 0xbb))),
      (parts, broken) => {
        let bytes = encoder.encode(parts.join(""));
        if (broken !== null) {
          const at = bytes.length === 0 ? 0 : broken[0] % bytes.length;
          bytes = new Uint8Array([...bytes.subarray(0, at), broken[1], ...bytes.subarray(at)]);
        }
        Deno.writeFileSync(path, bytes);
        assertEquals(
          outcome(() => all(readFileLines(path, named))),
          outcome(() => all(textLines(readNamedFileSync(path, named)))),
        );
      },
    ),
    { numRuns: 300 },
  );
});
