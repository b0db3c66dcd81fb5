import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { builtOnce, builtOnceWith } from "../support/built_once_workspace.ts";

/** One approved run; built once, each test gets a copy. */
const approvedWorkspace = builtOnce(async (): Promise<string> => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--by", "tester", "--because", "first"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  return cwd;
});

Deno.test("compare exits 0 when nothing got worse", async () => {
  const cwd = await approvedWorkspace();
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  match(result.stdout, /^NOT WORSE \(exit 0\): nothing got worse: 3 cases compared/);
});

Deno.test("compare exits 1 and names the case and check that regressed", async () => {
  const cwd = await approvedWorkspace();
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 1, result.stderr);
  match(result.stdout, /^WORSE \(exit 1\): 1 regression in 1 case, pass → fail: two · correct;/);
  // Changed with noise-aware verdicts: two cases can not make a drop significant, so the
  // figure is within noise (its p-value shown) and the regression gates on its own.
  match(
    result.stdout,
    /accuracy\[group=g1\]\s+1\.0000\s+0\.5000\s+−0\.5000\s+0\.\d{3}\s+not significant/,
  );
  // One baseline run measured no noise, so the reading never says "within the baseline's noise".
  ok(!/baseline's noise:/.test(result.stdout), result.stdout);
  match(
    result.stdout,
    /dropped, not proven at alpha 0\.01, nor ruled out \(one baseline run, so its noise was not measured\): accuracy 1\.0000 → 0\.6667 \(−0\.3333\) with 3 cases/,
  );
});

Deno.test("compare exits 2 when the target failed for a case, and promote refuses that run", async () => {
  const cwd = await approvedWorkspace();
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ throwOn: [3] }));
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 2, "run stores the run and exits 2: a check errored");
  match(
    run.stderr,
    /^digline: run \S+ could not be judged \(exit 2\): 2 checks errored, first cause: the target failed after 1 attempt/m,
  );
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 2);
  match(
    result.stdout,
    /^COULD NOT BE JUDGED \(exit 2\): could not judge 2 checks \(three · correct, three · says-something\)/,
  );
  const promote = await cli(["promote", "latest", "--because", "t"], { cwd });
  assertEquals(promote.code, 64);
  match(promote.stderr, /three · correct/);
  assertEquals(promote.stderr.trim().split("\n").length, 1, "a refusal is one line");
});

Deno.test("explain gates like compare and every line is a fact of the closed vocabulary", async () => {
  const cwd = await approvedWorkspace();
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1] }));
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["explain"], { cwd });
  assertEquals(result.code, 1);
  const lines = result.stdout.trim().split("\n");
  assertEquals(lines[0], "regression  one · correct  pass → fail");
  // Three cases are too few for the paired test to call the figure worse: the regression gates.
  assertEquals(lines.at(-1), "verdict 1 worse: from regression");
});

Deno.test("compare --json validates against its schema and is byte-identical twice", async () => {
  const cwd = await approvedWorkspace();
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2, 3] }));
  await cli(["run", "suite.toml"], { cwd });
  const first = await cli(["compare", "--json"], { cwd });
  const second = await cli(["compare", "--json"], { cwd });
  assertEquals(first.code, 1);
  assertEquals(first.stdout, second.stdout);
  const document = CompareDocumentSchema.parse(JSON.parse(first.stdout));
  assertEquals(document.exit_code, 1);
  assertEquals(document.causes_by_kind.regression.count, 2);
  assertEquals(
    document.causes_by_kind.regression.indices.map((i) => document.causes[i].case_id),
    ["two", "three"],
  );
});

/** One run and no approval; built once, each test gets a copy. */
const unapprovedWorkspace = builtOnceWith(async (): Promise<{ cwd: string; first: string }> => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  return { cwd, first: JSON.parse(run.stdout).run_id };
});

Deno.test("compare without an approved baseline is refused with what to do", async () => {
  const { cwd } = await unapprovedWorkspace();
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 64);
  match(result.stderr, /digline promote/);
});

Deno.test("--baseline compares with a named run instead of the approval", async () => {
  const { cwd, first } = await unapprovedWorkspace();
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1] }));
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["compare", "--baseline", first.slice(0, 22)], { cwd });
  assertEquals(result.code, 1, result.stderr);
  ok(result.stdout.includes(`against run ${first}`));
});
