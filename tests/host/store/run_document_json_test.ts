import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import fc from "fast-check";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { runDocumentJson } from "../../../host/store/run_document_json.ts";
import { registerSecret, scrubbedJson } from "../../../host/process/secrets.ts";
import { writeFileAtomic } from "../../../host/files/atomic_write.ts";
import { RunStore } from "../../../host/store/store.ts";
import { fakeRun } from "../../core/_runs.ts";

// The property: the pieces joined are the bytes one documented rule gives (ADR 0072): the run
// as `scrubbedJson(run, 1)` prints it, except that each case is `scrubbedJson(case)` on a line
// of its own, two spaces in. `byTheRule` below is that rule written the plainest way, with
// nothing of the streaming in it.

function runOf(size: number, output: (index: number) => string): RunDocument {
  const run = fakeRun(
    "20261130-000000-000-aaaaaa",
    Array.from({ length: size }, (_, i) => ({
      id: `case-${i}`,
      statuses: { correct: i % 3 === 0 ? "fail" : "pass" },
    })),
  );
  return { ...run, cases: run.cases.map((c, i) => ({ ...c, output: output(i) })) };
}

function byTheRule(run: RunDocument): string {
  if (run.cases.length === 0) return scrubbedJson(run, 1) + "\n";
  const stand = `cases stand in ${crypto.randomUUID()}`;
  const head = scrubbedJson({ ...run, cases: stand }, 1);
  const lines = run.cases.map((c) => "  " + scrubbedJson(c));
  return head.replace(JSON.stringify(stand), () => `[\n${lines.join(",\n")}\n ]`) + "\n";
}

const whole = byTheRule;

Deno.test("a run printed in pieces is the rule's text, byte for byte", () => {
  for (const size of [0, 1, 2, 7]) {
    const run = runOf(size, (i) => `answer ${i}`);
    assertEquals([...runDocumentJson(run)].join(""), whole(run));
  }
});

Deno.test("each case of a stored run is one line, and the document reads back as the run", () => {
  const run = runOf(5, (i) => `line one\nline two of ${i}`);
  const text = [...runDocumentJson(run)].join("");
  const header = scrubbedJson({ ...run, cases: [] }, 1).split("\n").length;
  // The header's lines, less the one `"cases": []` was, plus its two brackets' and five cases'.
  assertEquals(text.split("\n").length - 1, header - 1 + 2 + 5);
  for (const c of run.cases) ok(text.includes(`\n  ${JSON.stringify(c)}`), c.case_id);
  assertEquals(JSON.parse(text), run);
  ok(text.length < (scrubbedJson(run, 1) + "\n").length);
});

Deno.test("any outputs and metadata print by the rule, and parse back to the run", () => {
  const scalar = fc.oneof(fc.string({ maxLength: 64 }), fc.integer(), fc.boolean());
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          output: fc.string({ unit: "grapheme", maxLength: 80 }),
          metadata: fc.dictionary(fc.string({ maxLength: 64 }), scalar, { maxKeys: 3 }),
        }),
        { maxLength: 30 },
      ),
      (drawn) => {
        const base = runOf(drawn.length, (i) => drawn[i].output);
        const run = {
          ...base,
          cases: base.cases.map((c, i) => ({
            ...c,
            verdicts: c.verdicts.map((v) => ({ ...v, metadata: drawn[i].metadata })),
          })),
        } as RunDocument;
        const text = [...runDocumentJson(run)].join("");
        assertEquals(text, byTheRule(run));
        assertEquals(JSON.parse(text), JSON.parse(JSON.stringify(run)));
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("outputs that quote the cases key, newlines and nesting print by the rule", () => {
  const tricky = [
    '\n "cases": []',
    '"cases": [],\n',
    "line one\nline two\r\n\ttabbed",
    '{"cases": [{"nested": ["a", {"b": []}]}]}',
    "ünïcödé and an emoji 🦀 and \u2028 separators",
  ];
  const run = runOf(tricky.length, (i) => tricky[i]);
  const withNested = {
    ...run,
    cases: run.cases.map((c, i) =>
      i === 2 ? { ...c, verdicts: c.verdicts.map((v) => ({ ...v, metadata: { deep: [[]] } })) } : c
    ),
  } as RunDocument;
  assertEquals([...runDocumentJson(withNested)].join(""), whole(withNested));
});

Deno.test("a run of many cases comes in several pieces that join to the whole", () => {
  const run = runOf(3_000, (i) => `an output long enough to fill a piece quickly, number ${i}`);
  const pieces = [...runDocumentJson(run)];
  ok(pieces.length > 2, `${pieces.length} pieces`);
  assertEquals(pieces.join(""), whole(run));
});

Deno.test("a key in play is scrubbed from every piece as from the whole", () => {
  const key = "sk-streamed-piece-secret-0123456789";
  registerSecret(key);
  const run = runOf(4, (i) => `the key is ${key} (${i})`);
  const text = [...runDocumentJson(run)].join("");
  assertEquals(text, whole(run));
  ok(!text.includes(key));
});

Deno.test("the store writes a run's pieces to the bytes of the rule", async () => {
  const store = new RunStore({ root: await Deno.makeTempDir(), tenant: "default" });
  const run = runOf(1_200, (i) => `stored output ${i}`);
  const path = await store.writeRun(run);
  assertEquals(await Deno.readTextFile(path), whole(run));
  ok(path.endsWith(join("runs", run.suite.name, `${run.run_id}.json`)));
});

Deno.test("text written in pieces through the small buffer is its UTF-8, across the buffer's edges", async () => {
  const path = join(await Deno.makeTempDir(), "pieces.txt");
  // Four-byte characters (two UTF-16 units each) straddle every 64 KiB edge somewhere.
  const pieces = ["🦀".repeat(40_000), "é".repeat(70_001), "", "plain ascii", "€".repeat(30_000)];
  await writeFileAtomic(path, pieces);
  assertEquals(await Deno.readFile(path), new TextEncoder().encode(pieces.join("")));
});
