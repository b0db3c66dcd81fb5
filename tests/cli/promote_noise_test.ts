import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { PromoteDocumentSchema } from "../../core/documents/mod.ts";
import { BaselineDocumentSchema } from "../../core/run/run_document.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

async function oneRun(): Promise<string> {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  return cwd;
}

Deno.test("promote of a single run says plainly that noise was not measured and offers --repeats", async () => {
  const cwd = await oneRun();
  const result = await cli(["promote", "latest", "--because", "first"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  match(result.stdout, /noise not measured: a baseline of one run/);
  match(result.stdout, /digline promote \S+ --repeats 10 --because/);
  const json = await cli(["promote", "latest", "--because", "again", "--json"], { cwd });
  assertEquals(PromoteDocumentSchema.parse(JSON.parse(json.stdout)).noise_measured, false);
});

Deno.test("promote of several runs does not say noise was not measured", async () => {
  const cwd = await oneRun();
  const result = await cli(["promote", "latest", "--repeats", "2", "--because", "two"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  ok(!result.stdout.includes("noise not measured"));
});

Deno.test("promote --check-determinism promotes a system that answers the same again, naming how many were drawn", async () => {
  const cwd = await oneRun();
  const result = await cli(
    ["promote", "latest", "--check-determinism", "--sample", "2", "--because", "fixed"],
    { cwd },
  );
  assertEquals(result.code, 0, result.stderr);
  match(result.stdout, /determinism checked: 2 cases drawn again answered as in the run/);
  const list = JSON.parse((await cli(["log", "--json"], { cwd })).stdout);
  assertEquals(list.events.filter((e: { event: string }) => e.event === "promote").length, 1);
});

Deno.test("promote --check-determinism refuses (64) a system whose answer differs, naming the case, and approves nothing", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": smallSystem({ wrong: [1] }),
  });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  // The same system answers case "one" otherwise on the next call.
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem());
  const result = await cli(
    ["promote", "latest", "--check-determinism", "--because", "fixed"],
    { cwd },
  );
  assertEquals(result.code, 64, result.stderr);
  match(
    result.stderr,
    /Cannot call the system of run \S+ deterministic: drawn again, 1 of \d+ sampled cases answered differently \(one\)/,
  );
  match(result.stderr, /--repeats 10/);
  const log = JSON.parse((await cli(["log", "--json"], { cwd })).stdout);
  assertEquals(log.events.filter((e: { event: string }) => e.event === "promote").length, 0);
});

Deno.test("promote --check-determinism with several runs, or --sample without it, is a usage error", async () => {
  const cwd = await oneRun();
  const several = await cli(
    ["promote", "latest", "--repeats", "2", "--check-determinism", "--because", "x"],
    { cwd },
  );
  assertEquals(several.code, 64);
  match(several.stderr, /--check-determinism is for a baseline of one run/);
  const alone = await cli(["promote", "latest", "--sample", "3", "--because", "x"], { cwd });
  assertEquals(alone.code, 64);
  match(alone.stderr, /--sample N goes with --check-determinism/);
});

Deno.test("promote --repeats K --selection-runs S runs the suite to K + S runs and records the last S as selection runs", async () => {
  const cwd = await oneRun();
  const result = await cli(
    ["promote", "latest", "--repeats", "2", "--selection-runs", "1", "--because", "t", "--json"],
    { cwd },
  );
  assertEquals(result.code, 0, result.stderr);
  const promoted = PromoteDocumentSchema.parse(JSON.parse(result.stdout));
  const runs = promoted.runs ?? [];
  assertEquals(runs.length, 3);
  assertEquals(promoted.selection_runs, [runs[2]]);
  assertEquals(promoted.confirm_runs, { test: 2, choosing: 1, recorded: true });
  // The approval on disk records them, as compare reads it.
  const approval = BaselineDocumentSchema.parse(
    JSON.parse(await Deno.readTextFile(join(cwd, promoted.path))),
  );
  assertEquals(approval.selection_runs, [runs[2]]);
  // Named runs: the last S of them; the text says how many are for the test and how many choose.
  const text = await cli(
    ["promote", ...runs, "--selection-runs", "1", "--because", "named"],
    { cwd },
  );
  assertEquals(text.code, 0, text.stderr);
  match(
    text.stdout,
    /for compare --confirm: the last run chooses the noisy cases it draws again, and its figure test on those draws counts the other 2 runs/,
  );
});

Deno.test("promote --repeats 10 records three selection runs on top by default, and the text says so", async () => {
  const cwd = await oneRun();
  const result = await cli(["promote", "latest", "--repeats", "10", "--because", "t"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  const list = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
  assertEquals(list.runs.length, 13);
  const dir = join(cwd, ".digline", "default", "baselines", "small");
  const [file] = [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".json"));
  const approval = BaselineDocumentSchema.parse(
    JSON.parse(await Deno.readTextFile(join(dir, file.name))),
  );
  const runs = approval.runs ?? [];
  assertEquals(runs.length, 13);
  assertEquals(approval.selection_runs, runs.slice(10));
  match(
    result.stdout,
    /the last 3 runs choose the noisy cases it draws again, and its figure test on those draws counts the other 10 runs; every other test counts all 13 \(by default from --repeats 10; --selection-runs S sets another number, 0 none\)/,
  );
  // Below ten runs the default records none, as before: the count rule chooses.
  const five = await cli(["promote", "latest", "--repeats", "5", "--because", "t", "--json"], {
    cwd,
  });
  assertEquals(five.code, 0, five.stderr);
  const promoted = PromoteDocumentSchema.parse(JSON.parse(five.stdout));
  assertEquals(promoted.runs?.length, 5);
  assertEquals(promoted.selection_runs, undefined);
});

Deno.test("promote --selection-runs 0 records that no run chooses, and the text says --confirm draws no noisy case", async () => {
  const cwd = await oneRun();
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const list = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
  const ids = list.runs.map((r: { run_id: string }) => r.run_id);
  const json = await cli(
    ["promote", ...ids, "--selection-runs", "0", "--because", "none", "--json"],
    { cwd },
  );
  assertEquals(json.code, 0, json.stderr);
  const promoted = PromoteDocumentSchema.parse(JSON.parse(json.stdout));
  assertEquals(promoted.selection_runs, []);
  assertEquals(promoted.confirm_runs, { test: 2, choosing: 0, recorded: true });
  const text = await cli(["promote", ...ids, "--selection-runs", "0", "--because", "t"], { cwd });
  match(text.stdout, /no run chooses noisy cases for compare --confirm to draw again/);
});

Deno.test("promote refuses (64, one line) a --selection-runs that is not a whole number, or that leaves the test fewer than two runs, before running anything", async () => {
  const cwd = await oneRun();
  for (const value of ["-1", "x", "1.5"]) {
    const bad = await cli(
      ["promote", "latest", "--repeats", "10", `--selection-runs=${value}`, "--because", "x"],
      { cwd },
    );
    assertEquals(bad.code, 64, value);
    assertEquals(bad.stderr.trim().split("\n").length, 1, bad.stderr);
    match(bad.stderr, /--selection-runs takes a whole number from 0 to 100/);
  }
  const few = await cli(
    ["promote", "latest", "--repeats", "1", "--selection-runs", "3", "--because", "x"],
    { cwd },
  );
  assertEquals(few.code, 64);
  assertEquals(few.stderr.trim().split("\n").length, 1, few.stderr);
  match(few.stderr, /--selection-runs 3 leaves 1 of 4 runs for the test, which needs 2 or more/);
  match(few.stderr, /--repeats 10 --selection-runs 3/);
  const log = JSON.parse((await cli(["log", "--json"], { cwd })).stdout);
  assertEquals(log.events.filter((e: { event: string }) => e.event === "promote").length, 0);
  // No run was paid for: the one run made before is still the only one.
  assertEquals(log.events.filter((e: { event: string }) => e.event === "run").length, 1);
});
