import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { PromoteDocumentSchema } from "../../core/documents/mod.ts";
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
