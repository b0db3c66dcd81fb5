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
  const promoted = await cli(["promote", first, second, "--json"], { cwd });
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
  // The floor is the drop the paired test excuses at alpha: z(0.99) × its standard error.
  assertEquals(accuracy?.floor, normalQuantile(0.99) * (accuracy?.test?.standard_error ?? NaN));
  assertEquals(document.facts.find((f) => f.kind === "noisy")?.case_id, "three");
  match(document.headline, /within the baseline's noise: accuracy/);
  match(document.headline, /1 noisy check failed, judged through the figures \(three · correct\)/);
});

Deno.test("a check that passed in every baseline run and fails now is a regression, always", async () => {
  const cwd = await noisyBaseline();
  await runWith(cwd, [1]);
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 1);
  match(result.stdout, /1 regression in 1 case, pass → fail: one · correct/);
});

// Changed with noise-aware verdicts: three cases are too few for the paired test to call the
// figure worse (tests/cli/confirm_test.ts has a suite large enough); the broken stable check gates.
Deno.test("a drop three cases can not make significant is within noise; the broken check gates", async () => {
  const cwd = await noisyBaseline();
  await runWith(cwd, [2, 3]);
  const document = CompareDocumentSchema.parse(
    JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
  );
  assertEquals(document.verdict, 1);
  assertEquals(document.causes.map((f) => `${f.kind} ${f.case_id}`), ["regression two"]);
  assertEquals(document.figures.find((f) => f.name === "accuracy")?.status, "within-noise");
});

Deno.test("promote --repeats runs the suite until the baseline holds K runs", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const first = await runWith(cwd, []);
  const promoted = await cli(["promote", "latest", "--repeats", "3", "--json"], { cwd });
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
  const result = await cli(["promote", first, second], { cwd });
  assertEquals(result.code, 64);
  match(result.stderr, /not a run of the same suite, cases and checks/);
});
