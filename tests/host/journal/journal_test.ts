import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { builtinAssertion } from "../../../core/suite/assertions/builtin.ts";
import { BuiltinAssertionSchema } from "../../../core/suite/assertions/definition.ts";
import { RunSettingsSchema } from "../../../core/suite/target_spec.ts";
import { buildSuite, type Suite } from "../../../core/suite/suite.ts";
import type { CaseResult } from "../../../core/run/run_document.ts";
import { type JournalHeader, JournalWriter, readJournal } from "../../../host/journal/journal.ts";
import { JournalRefusedError } from "../../../host/process/refusals.ts";

const correct = builtinAssertion(BuiltinAssertionSchema.parse({ name: "correct", kind: "equals" }));

const suite: Suite = buildSuite({
  name: "j",
  target: { kind: "function", name: "f", fn: () => "" },
  settings: RunSettingsSchema.parse({}),
  assertions: [correct],
  aggregates: [],
  cases: [
    { id: "a", vars: {}, kind: "normal", expected: "x" },
    { id: "b", vars: {}, kind: "normal", expected: "x" },
    { id: "s", vars: {}, kind: "suspended", reason: "later" },
  ],
});

const header: JournalHeader = {
  journal: 1,
  run_id: "20261130-000000-000-aaaaaa",
  suite: "j",
  cases_digest: suite.cases_digest,
  config_hash: suite.config_hash,
  started_at: "2026-11-30T00:00:00.000Z",
  git_commit: null,
};

function entry(id: string): CaseResult {
  return {
    case_id: id,
    kind: "normal",
    output: "x",
    verdicts: [{ assertion_id: correct.id, assertion: "correct", status: "pass", metadata: {} }],
    latency_ms: 1,
    attempts: 1,
  };
}

async function journalWith(lines: string[], options: { torn?: string } = {}): Promise<string> {
  const path = join(await Deno.makeTempDir(), "j.jsonl");
  await Deno.writeTextFile(path, lines.map((l) => l + "\n").join("") + (options.torn ?? ""));
  return path;
}

const head = JSON.stringify(header);

Deno.test("a journal written by the writer reads back with every finished case", async () => {
  const path = join(await Deno.makeTempDir(), "work", "j.jsonl");
  const writer = await JournalWriter.create(path, header);
  await writer.append(entry("a"));
  await writer.close();
  const checked = await readJournal(path, suite);
  assertEquals(checked?.header, header);
  assertEquals([...(checked?.entries.keys() ?? [])], ["a"]);
  assertEquals(checked?.tornLine, null);
});

Deno.test("appends queued faster than the disk takes them all land, whole and in order", async () => {
  const many = buildSuite({
    name: "j",
    target: { kind: "function", name: "f", fn: () => "" },
    settings: RunSettingsSchema.parse({}),
    assertions: [correct],
    aggregates: [],
    cases: Array.from({ length: 3000 }, (_, i) => ({
      id: `c${i}`,
      vars: {},
      kind: "normal" as const,
      expected: "x",
    })),
  });
  const path = join(await Deno.makeTempDir(), "j.jsonl");
  const writer = await JournalWriter.create(path, {
    ...header,
    cases_digest: many.cases_digest,
    config_hash: many.config_hash,
  });
  // Not awaited one by one: appends arrive while earlier batches are being written.
  await Promise.all(
    many.cases.map((c) => writer.append({ ...entry(c.id), output: "y".repeat(500) })),
  );
  await writer.close();
  const checked = await readJournal(path, many);
  assertEquals([...(checked?.entries.keys() ?? [])], many.cases.map((c) => c.id));
  assertEquals(checked?.tornLine, null);
});

Deno.test("a torn last line is dropped, said, and cut off before appending", async () => {
  const path = await journalWith([head, JSON.stringify(entry("a"))], {
    torn: '{"case_id":"b","ki',
  });
  const checked = await readJournal(path, suite);
  assertEquals(checked?.tornLine, 3);
  assertEquals([...(checked?.entries.keys() ?? [])], ["a"]);
  const writer = await JournalWriter.resume(path, checked!);
  await writer.append(entry("b"));
  await writer.close();
  const again = await readJournal(path, suite);
  assertEquals([...(again?.entries.keys() ?? [])], ["a", "b"]);
  assertEquals(again?.tornLine, null);
});

for (
  const [name, lines, line, words] of [
    ["a malformed entry", [head, "{not json"], 2, /not JSON/],
    ["an entry that fails its schema", [head, '{"case_id":"a"}'], 2, /kind/],
    [
      "an entry for a case the suite does not declare",
      [head, JSON.stringify(entry("zz"))],
      2,
      /not declared/,
    ],
    [
      "a case journaled twice",
      [head, JSON.stringify(entry("a")), JSON.stringify(entry("a"))],
      3,
      /twice/,
    ],
    [
      "an entry with neither verdicts nor a suspension",
      [head, JSON.stringify({ ...entry("b"), verdicts: [] })],
      2,
      /neither verdicts nor a suspension/,
    ],
    [
      "a journal of another suite's cases",
      [JSON.stringify({ ...header, cases_digest: "0000000000000000" })],
      1,
      /cases digest/,
    ],
  ] as const
) {
  Deno.test(`${name} is refused naming its line, and the journal is left untouched`, async () => {
    const path = await journalWith([...lines]);
    const before = await Deno.readTextFile(path);
    await rejects(readJournal(path, suite), (error: Error) => {
      ok(error instanceof JournalRefusedError, String(error));
      ok(error.message.startsWith(`${path}:${line}: `), error.message);
      ok(words.test(error.message), error.message);
      return true;
    });
    assertEquals(await Deno.readTextFile(path), before);
  });
}

Deno.test("no journal, or one killed before its header was whole, is nothing to resume", async () => {
  assertEquals(await readJournal(join(await Deno.makeTempDir(), "none.jsonl"), suite), null);
  assertEquals(await readJournal(await journalWith([], { torn: '{"journal":1,"ru' }), suite), null);
});
