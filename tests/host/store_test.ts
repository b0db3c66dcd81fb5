import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import type { RunDocument } from "../../core/run/run_document.ts";
import { writeFileAtomic } from "../../host/atomic_write.ts";
import {
  AmbiguousRunError,
  NoBaselineError,
  RunNotFoundError,
  StoreDocumentError,
} from "../../host/refusals.ts";
import { RunStore } from "../../host/store.ts";
import { fakeRun } from "../core/_runs.ts";

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

Deno.test("latest, a unique prefix and an exact id all name a run; latest respects the suite", async () => {
  const store = await emptyStore();
  await store.writeRun(runOf("a", "20261130-000000-000-aaaaaa"));
  await store.writeRun(runOf("b", "20261130-000001-000-bbbbbb"));
  await store.writeRun(runOf("a", "20261130-000002-000-cccccc"));
  assertEquals((await store.resolveRun("latest")).run_id, "20261130-000002-000-cccccc");
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
    new RunStore({ root: store.root, tenant: "default" }).resolveRun("latest"),
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
