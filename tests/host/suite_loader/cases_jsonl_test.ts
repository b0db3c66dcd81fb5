import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseJsonlCases } from "../../../host/suite_loader/cases_jsonl.ts";

Deno.test("a JSONL file of 300,000 cases with lines only the schema reads loads them in line order", async () => {
  // Lines the generated validator does not take are read by the schema in a second pass; they must come
  // back in their places, whatever the file's size (a merge that spread every case as arguments
  // overflowed the stack here).
  const count = 300_000;
  const lines = Array.from(
    { length: count },
    (_, i) =>
      i % 1000 === 7
        ? JSON.stringify({ id: `c${i}`, vars: { n: i }, repeats: 2 })
        : JSON.stringify({ id: `c${i}`, vars: { n: i } }),
  );
  const loaded = await parseJsonlCases(lines.join("\n"), { file: "cases.jsonl" });
  assertEquals(loaded.cases.length, count);
  assertEquals(loaded.cases.map((c) => c.id).every((id, i) => id === `c${i}`), true);
  assertEquals(loaded.cases[7].repeats, 2);
  assertEquals(loaded.locate(1007, []).line, 1008);
});
