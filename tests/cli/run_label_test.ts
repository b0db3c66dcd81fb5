import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

Deno.test("run --label stores the label with the run: run --json, view, list and log (and their --json) show it", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const labelled = await cli(["run", "suite.toml", "--label", "VADER, lexicon 3.3", "--json"], {
    cwd,
  });
  assertEquals(labelled.code, 0, labelled.stderr);
  const run = JSON.parse(labelled.stdout);
  assertEquals(run.label, "VADER, lexicon 3.3");
  const plain = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(plain.code, 0, plain.stderr);
  assertEquals("label" in JSON.parse(plain.stdout), false, "an unlabelled run has no label");

  const viewed = JSON.parse((await cli(["view", run.run_id, "--json"], { cwd })).stdout);
  assertEquals(viewed.label, "VADER, lexicon 3.3");
  const viewText = await cli(["view", run.run_id], { cwd });
  ok(viewText.stdout.includes("  label      VADER, lexicon 3.3\n"), viewText.stdout);
  const listed = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs as {
    run_id: string;
    label?: string;
  }[];
  assertEquals(
    listed.map((r) => r.label ?? null),
    [null, "VADER, lexicon 3.3"],
    "newest first: the plain run, then the labelled one",
  );
  const text = await cli(["list"], { cwd });
  const line = text.stdout.split("\n").find((l) => l.includes(run.run_id)) ?? "";
  ok(line.includes("VADER, lexicon 3.3"), text.stdout);
  const log = await cli(["log"], { cwd });
  const logged = log.stdout.split("\n").find((l) => l.includes(run.run_id)) ?? "";
  ok(logged.includes(`"VADER, lexicon 3.3"`), log.stdout);
  const logJson = JSON.parse((await cli(["log", "--json"], { cwd })).stdout).events as {
    run_id: string;
    label?: string;
  }[];
  assertEquals(logJson.find((e) => e.run_id === run.run_id)?.label, "VADER, lexicon 3.3");
  const printed = await cli(["run", "suite.toml", "--label", "AFINN"], { cwd });
  match(printed.stdout, /^run \S+ of suite small \(AFINN\) stored in /);
});

Deno.test("run --label refuses an empty label or one with a line break in one line, before any call", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  for (const label of ["", "two\nlines", "x".repeat(201)]) {
    const result = await cli(["run", "suite.toml", "--label", label], { cwd });
    assertEquals(result.code, 64, result.stderr);
    assertEquals(result.stderr.trim().split("\n").length, 1, result.stderr);
    match(result.stderr, /--label .*: a label is one line of 1 to 200 characters/);
  }
  const listed = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
  assertEquals(listed.runs, [], "nothing was stored");
});
