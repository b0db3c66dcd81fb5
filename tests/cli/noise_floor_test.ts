import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema, PromoteDocumentSchema } from "../../core/documents/mod.ts";
import { normalQuantile } from "../../core/statistics/normal.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

async function runWith(cwd: string, wrong: number[]): Promise<string> {
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong }));
  const result = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  return JSON.parse(result.stdout).run_id;
}

async function noisyBaseline(): Promise<string> {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const first = await runWith(cwd, []);
  const second = await runWith(cwd, [3]);
  const promoted = await cli(["promote", first, second, "--because", "two runs", "--json"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  const baseline = PromoteDocumentSchema.parse(JSON.parse(promoted.stdout));
  assertEquals(baseline.runs, [first, second]);
  // The approval records what it measured: passes out of B per case and check, spreads.
  assertEquals(baseline.measured?.of, 2);
  assertEquals(baseline.measured?.noisy, ["three · correct"]);
  assertEquals(Object.values(baseline.measured?.passes.three ?? {}).sort(), [1, 2]);
  assertEquals(baseline.measured?.figures.accuracy.spread, 1 - 2 / 3);
  return cwd;
}

Deno.test("a drop within the baseline runs' spread is within noise, not worse", async () => {
  const cwd = await noisyBaseline();
  await runWith(cwd, [3]);
  const result = await cli(["compare", "--json"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  const document = CompareDocumentSchema.parse(JSON.parse(result.stdout));
  const accuracy = document.figures.find((f) => f.name === "accuracy");
  assertEquals(accuracy?.status, "within-noise");
  // The floor is the drop the paired test excuses at the figure's half of alpha (the count of
  // stable flips has the other half): z(0.995) × its standard error.
  assertEquals(accuracy?.floor, normalQuantile(0.995) * (accuracy?.test?.standard_error ?? NaN));
  assertEquals(document.facts.find((f) => f.kind === "noisy")?.case_id, "three");
  match(document.headline, /within the baseline's noise: accuracy/);
  match(document.headline, /1 noisy check failed, judged through the figures \(three · correct\)/);
});

Deno.test("against two runs one stable check that fails now is reported, and its count tested", async () => {
  const cwd = await noisyBaseline();
  await runWith(cwd, [1]);
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  match(result.stdout, /within the baseline's history: 1 stable check failed/);
  // one's lone failure now and three's in the second baseline run, each at 1/3.
  match(result.stdout, /stable checks failed in 1 case; 0\.7 expected .*\(2 cases at risk\)/);
  const explain = await cli(["explain"], { cwd });
  match(explain.stdout, /^stable-flip {2}one · correct {2}pass → fail/m);
});

// Three cases and two runs are too few for either test: a broken stable check is reported, the
// figure's drop is within noise, and what would tell is more runs (tests/cli/noisy_gate_test.ts).
Deno.test("a drop three cases and two runs can not make significant is reported, not gated", async () => {
  const cwd = await noisyBaseline();
  await runWith(cwd, [2, 3]);
  const document = CompareDocumentSchema.parse(
    JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
  );
  assertEquals(document.verdict, 0);
  assertEquals(document.facts.find((f) => f.kind === "stable-flip")?.case_id, "two");
  assertEquals(document.figures.find((f) => f.name === "accuracy")?.status, "within-noise");
});

Deno.test("promote --repeats runs the suite until the baseline holds K runs", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const first = await runWith(cwd, []);
  const promoted = await cli([
    "promote",
    "latest",
    "--repeats",
    "3",
    "--because",
    "noise",
    "--json",
  ], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  const runs = PromoteDocumentSchema.parse(JSON.parse(promoted.stdout)).runs ?? [];
  assertEquals(runs.length, 3);
  assertEquals(runs[0], first);
  const list = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
  assertEquals(list.runs.length, 3);
});

Deno.test("runs of a changed suite can not form one baseline", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const first = await runWith(cwd, []);
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    SMALL_SUITE.replace('value = "a"', 'value = "b"'),
  );
  const second = await runWith(cwd, []);
  const result = await cli(["promote", first, second, "--because", "two runs"], { cwd });
  assertEquals(result.code, 64);
  match(result.stderr, /not a run of the same suite, cases and checks/);
});
