import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import type { RunDocument } from "../../core/run/run_document.ts";
import { runDocumentJson } from "../../host/run_document_json.ts";
import { registerSecret, scrubbedJson } from "../../host/secrets.ts";
import { writeFileAtomic } from "../../host/atomic_write.ts";
import { RunStore } from "../../host/store.ts";
import { fakeRun } from "../core/_runs.ts";

// The property: the pieces joined are the bytes a whole serialization gives, so a streamed
// run's digest, its golden payload and verify read what they read before.

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

function whole(run: RunDocument): string {
  return scrubbedJson(run, 1) + "\n";
}

Deno.test("a run printed in pieces is the whole serialization, byte for byte", () => {
  for (const size of [0, 1, 2, 7]) {
    const run = runOf(size, (i) => `answer ${i}`);
    assertEquals([...runDocumentJson(run)].join(""), whole(run));
  }
});

Deno.test("outputs that quote the cases key, newlines and nesting print as a whole run does", () => {
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

Deno.test("the store writes a run's pieces to the bytes of its whole serialization", async () => {
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
