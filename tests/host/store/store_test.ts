import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { writeFileAtomic } from "../../../host/files/atomic_write.ts";
import {
  AmbiguousRunError,
  NoBaselineError,
  RunNotFoundError,
  StoreDocumentError,
  UsageError,
} from "../../../host/process/refusals.ts";
import { RunStore } from "../../../host/store/store.ts";
import { wilsonInterval } from "../../../core/statistics/wilson.ts";
import { fakeRun } from "../../core/_runs.ts";

async function emptyStore(): Promise<RunStore> {
  return new RunStore({ root: await Deno.makeTempDir(), tenant: "default" });
}

function runOf(suite: string, runId: string): RunDocument {
  const run = fakeRun(runId, [{ id: "c1", statuses: { correct: "pass" } }]);
  return { ...run, suite: { ...run.suite, name: suite } };
}

Deno.test("a stored run reads back as it was written", async () => {
  const store = await emptyStore();
  const run = runOf("s", "20261130-000000-000-aaaaaa");
  const path = await store.writeRun(run);
  const fresh = new RunStore({ root: store.root, tenant: "default" });
  assertEquals(await fresh.resolveRun("20261130-000000-000-aaaaaa"), run);
  ok(path.endsWith(join("runs", "s", "20261130-000000-000-aaaaaa.json")));
});

Deno.test("a run is stored as its schema reads it, whether its generated validator vouches for it or not", async () => {
  const store = await emptyStore();
  const run = runOf("s", "20261130-000000-000-aaaaaa");
  // No metadata: the validator fills the schema's default in, as the schema would.
  const bare = {
    ...run,
    cases: run.cases.map((c) => ({
      ...c,
      verdicts: c.verdicts.map(({ metadata: _, ...v }) => v),
    })),
  } as unknown as RunDocument;
  const path = await store.writeRun(bare);
  assertEquals(JSON.parse(await Deno.readTextFile(path)), run);
  // What the schema refuses is not written at all.
  const wrong = { ...runOf("s", "20261130-000000-000-bbbbbb"), started_at: "yesterday" };
  await rejects(store.writeRun(wrong));
  await rejects(Deno.stat(join(store.runsDir, "s", "20261130-000000-000-bbbbbb.json")));
});

Deno.test("latest, a unique prefix and an exact id all name a run; latest respects the suite", async () => {
  const store = await emptyStore();
  await store.writeRun(runOf("a", "20261130-000000-000-aaaaaa"));
  await store.writeRun(runOf("b", "20261130-000001-000-bbbbbb"));
  await store.writeRun(runOf("a", "20261130-000002-000-cccccc"));
  assertEquals(
    (await store.resolveRun("latest", { suite: "a" })).run_id,
    "20261130-000002-000-cccccc",
  );
  // Across several suites latest names no run: each suite has its own.
  await rejects(store.resolveRun("latest"), UsageError);
  assertEquals(
    (await store.resolveRun("latest", { suite: "b" })).run_id,
    "20261130-000001-000-bbbbbb",
  );
  assertEquals((await store.resolveRun("20261130-000001")).run_id, "20261130-000001-000-bbbbbb");
  assertEquals(await store.suites(), ["a", "b"]);
  await rejects(store.resolveRun("20261130"), AmbiguousRunError);
  await rejects(store.resolveRun("nope"), RunNotFoundError);
});

Deno.test("a damaged run document is refused naming the file, not read as data", async () => {
  const store = await emptyStore();
  const path = await store.writeRun(runOf("s", "20261130-000000-000-aaaaaa"));
  const document = JSON.parse(await Deno.readTextFile(path));
  delete document.cases[0].verdicts;
  await Deno.writeTextFile(path, JSON.stringify(document));
  const fresh = new RunStore({ root: store.root, tenant: "default" });
  await rejects(fresh.resolveRun("latest"), (error: Error) => {
    ok(error instanceof StoreDocumentError);
    ok(error.message.includes(path) && error.message.includes("cases.0.verdicts"), error.message);
    return true;
  });
});

Deno.test("a run document filed under the wrong suite is refused", async () => {
  const store = await emptyStore();
  const path = await store.writeRun(runOf("s", "20261130-000000-000-aaaaaa"));
  await Deno.mkdir(join(store.runsDir, "t"));
  await Deno.rename(path, join(store.runsDir, "t", "20261130-000000-000-aaaaaa.json"));
  await rejects(
    new RunStore({ root: store.root, tenant: "default" }).resolveRun("20261130-000000"),
    StoreDocumentError,
  );
});

Deno.test("the current baseline is the newest approval; with none, compare is refused", async () => {
  const store = await emptyStore();
  await rejects(store.currentBaseline("s"), NoBaselineError);
  for (
    const [at, runId] of [["2026-11-30T00:00:01.000Z", "20261130-000000-000-aaaaaa"], [
      "2026-11-30T00:00:02.000Z",
      "20261130-000001-000-bbbbbb",
    ]]
  ) {
    await store.writeBaseline({
      schema_version: 1,
      suite: "s",
      tenant: "default",
      run_id: runId,
      promoted_by: "ana",
      promoted_at: at,
      because: null,
    });
  }
  assertEquals((await store.currentBaseline("s")).run_id, "20261130-000001-000-bbbbbb");
  assertEquals((await store.baselineHistory("s")).length, 2);
});

Deno.test("an atomic write leaves the whole new file and no temporary file behind", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "nested", "doc.json");
  await writeFileAtomic(path, "first");
  await writeFileAtomic(path, "second");
  assertEquals(await Deno.readTextFile(path), "second");
  assertEquals([...Deno.readDirSync(join(dir, "nested"))].map((e) => e.name), ["doc.json"]);
});

Deno.test("tenants are separate folders of one store", async () => {
  const root = await Deno.makeTempDir();
  await new RunStore({ root, tenant: "acme" }).writeRun(runOf("s", "20261130-000000-000-aaaaaa"));
  assertEquals((await new RunStore({ root, tenant: "globex" }).runIndex()).length, 0);
  assertEquals((await new RunStore({ root, tenant: "acme" }).runIndex()).length, 1);
});

Deno.test("listing reads each suite's index, not the documents it already holds", async () => {
  const store = await emptyStore();
  const paths = [];
  for (const id of ["20261130-000000-000-aaaaaa", "20261130-000001-000-bbbbbb"]) {
    paths.push(await store.writeRun(runOf("s", id)));
  }
  // Were a document read, this one would be refused; the index answers without it (a listing
  // checks only its size and that it begins as a JSON object).
  await Deno.writeTextFile(paths[0], "{" + " ".repeat((await Deno.stat(paths[0])).size - 1));
  const fresh = new RunStore({ root: store.root, tenant: "default" });
  const synopses = await fresh.synopses();
  assertEquals(synopses.map((s) => [s.run_id, s.cases, s.failed_checks]), [
    ["20261130-000000-000-aaaaaa", 1, 0],
    ["20261130-000001-000-bbbbbb", 1, 0],
  ]);
  await rejects(fresh.resolveRun("20261130-000000"), StoreDocumentError);
});

Deno.test("a run the index lacks is read and shown as unlisted, never added; a torn index line is skipped", async () => {
  const store = await emptyStore();
  await store.writeRun(runOf("s", "20261130-000000-000-aaaaaa"));
  const index = join(store.runsDir, "s", ".index.jsonl");
  // A run copied in from elsewhere (a CI artefact) has no index line, and a kill tore the last.
  const copied = runOf("s", "20261130-000001-000-bbbbbb");
  await Deno.writeTextFile(
    join(store.runsDir, "s", "20261130-000001-000-bbbbbb.json"),
    JSON.stringify(copied),
  );
  await Deno.writeTextFile(index, '{"run_id":"2026', { append: true });
  const fresh = new RunStore({ root: store.root, tenant: "default" });
  const listing = await fresh.listing();
  assertEquals(listing.runs.map((s) => s.run_id), [
    "20261130-000000-000-aaaaaa",
    "20261130-000001-000-bbbbbb",
  ]);
  assertEquals([...listing.unlisted], ["20261130-000001-000-bbbbbb"]);
  const lines = (await Deno.readTextFile(index)).split("\n").filter((l) =>
    l.includes('"run_id":"20261130-000001-000-bbbbbb"')
  );
  assertEquals(lines.length, 0, "the index names only what the store wrote (ADR 0113)");
  // A run whose document is gone is not listed from a stale line.
  await Deno.remove(join(store.runsDir, "s", "20261130-000000-000-aaaaaa.json"));
  const later = new RunStore({ root: store.root, tenant: "default" });
  assertEquals((await later.synopses()).map((s) => s.run_id), ["20261130-000001-000-bbbbbb"]);
});

Deno.test("an index damaged by bytes that are not UTF-8 is read as empty, and each run from its document", async () => {
  const store = await emptyStore();
  await store.writeRun(runOf("s", "20261130-000000-000-aaaaaa"));
  const index = join(store.runsDir, "s", ".index.jsonl");
  // A line whose suite name was damaged would list U+FFFD for it were the index decoded leniently.
  const line = (await Deno.readTextFile(index)).replace('"suite":"s"', '"suite":"\uFFFF"');
  const bytes = new TextEncoder().encode(line);
  bytes.set([0xff], bytes.indexOf(0xef));
  await Deno.writeFile(index, bytes);
  const fresh = new RunStore({ root: store.root, tenant: "default" });
  assertEquals((await fresh.synopses()).map((s) => [s.run_id, s.suite]), [
    ["20261130-000000-000-aaaaaa", "s"],
  ]);
});

Deno.test("a listing of the newest runs parses only their index lines", async () => {
  const store = await emptyStore();
  const ids = ["20261130-000000-000-aaaaaa", "20261130-000001-000-bbbbbb"];
  for (const id of ids) await store.writeRun(runOf("s", id));
  const index = join(store.runsDir, "s", ".index.jsonl");
  // The older run's line names its id and then is not JSON: only a listing that parses it fails.
  const [older, newer] = (await Deno.readTextFile(index)).trimEnd().split("\n");
  await Deno.writeTextFile(index, `${older.slice(0, 40)}}\n${newer}\n`);
  await Deno.writeTextFile(join(store.runsDir, "s", `${ids[0]}.json`), "not json");
  const fresh = new RunStore({ root: store.root, tenant: "default" });
  assertEquals((await fresh.synopses({ newest: 1 })).map((s) => s.run_id), [ids[1]]);
  await rejects(fresh.synopses(), StoreDocumentError);
});

Deno.test("an index line written before intervals were recorded still reads, and latest accepts it; an edited interval is refused", async () => {
  const store = await emptyStore();
  const ids = ["20261130-000000-000-aaaaaa", "20261130-000001-000-bbbbbb"];
  for (const id of ids) await store.writeRun(runOf("s", id));
  const index = join(store.runsDir, "s", ".index.jsonl");
  const written = (await Deno.readTextFile(index)).split("\n").filter((l) => l !== "");
  assertEquals(
    JSON.parse(written[1]).intervals,
    { accuracy: wilsonInterval(1, 1) },
    "a new line records each figure's interval: Wilson's for 1 of 1",
  );
  // As older digline wrote it: the same line without the key.
  const older = written.map((l) => {
    const { intervals: _, ...rest } = JSON.parse(l);
    return JSON.stringify(rest);
  });
  await Deno.writeTextFile(index, older.join("\n") + "\n");
  const fresh = new RunStore({ root: store.root, tenant: "default" });
  const synopses = await fresh.synopses();
  assertEquals(synopses.map((s) => [s.run_id, s.intervals]), ids.map((id) => [id, undefined]));
  assertEquals((await Deno.readTextFile(index)).split("\n").filter((l) => l !== "").length, 2);
  assertEquals((await fresh.resolveRun("latest", { suite: "s" })).run_id, ids[1]);
  // A line that records an interval its document does not give was edited.
  const edited = JSON.parse(written[1]);
  edited.intervals.accuracy.low = 0.5;
  await Deno.writeTextFile(index, [older[0], JSON.stringify(edited)].join("\n") + "\n");
  await rejects(
    new RunStore({ root: store.root, tenant: "default" }).resolveRun("latest", { suite: "s" }),
    (error: Error) => error.message.includes("intervals is not what its document holds"),
  );
});
