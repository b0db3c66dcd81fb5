import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { RunListSchema, RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, ROOT, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { storedRun } from "../support/stored_run.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";

/** Two runs, the first approved by ana; built once, each test gets a copy. */
const twoRuns = builtOnceWith(async (): Promise<{ cwd: string; first: string; second: string }> => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await cli(["run", "suite.toml"], { cwd });
  await cli(["promote", "latest", "--by", "ana", "--because", "reviewed"], { cwd });
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [3] }));
  await cli(["run", "suite.toml"], { cwd });
  const runs = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs;
  return { cwd, first: runs[1].run_id, second: runs[0].run_id };
});

Deno.test("run --json describes the stored run, every count beside its list", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": smallSystem({ wrong: [2] }),
  });
  const result = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stderr, "", "no progress in --json mode");
  const summary = RunSummarySchema.parse(JSON.parse(result.stdout));
  assertEquals(summary.cases, ["one", "two", "three"]);
  assertEquals(summary.checks.fail, ["two · correct"]);
  assertEquals(summary.figures.find((f) => f.name === "accuracy")?.value, 2 / 3);
  ok(summary.path?.startsWith(".digline/default/runs/"));
  const stored = await storedRun(cwd, summary.path!);
  assertEquals(stored.schema_version, 1);
  assertEquals(stored.suite.name, "small");
});

Deno.test("list shows runs newest first and marks the approved baseline", async () => {
  const { cwd, first, second } = await twoRuns();
  const document = RunListSchema.parse(JSON.parse((await cli(["list", "--json"], { cwd })).stdout));
  assertEquals(document.runs.map((r) => [r.run_id, r.is_baseline]), [[second, false], [
    first,
    true,
  ]]);
  const text = await cli(["list"], { cwd });
  assertEquals(text.code, 0);
  match(text.stdout, new RegExp(`\\*\\s+${first}`));
});

Deno.test("view puts each figure in a column, and view RUN shows one run", async () => {
  const { cwd, second } = await twoRuns();
  const table = await cli(["view"], { cwd });
  assertEquals(table.code, 0);
  const header = table.stdout.split("\n")[0];
  for (const name of ["accuracy", "accuracy[group=g1]", "accuracy[group=g2]"]) {
    ok(header.includes(name), header);
  }
  match(table.stdout, /0\.6667\s+1\.0000\s+0\.0000/);
  const one = await cli(["view", second.slice(0, 21)], { cwd });
  assertEquals(one.code, 0, one.stderr);
  match(one.stdout, new RegExp(`^run ${second} of suite small`));
  match(
    one.stdout,
    /accuracy\[group=g2\]\s+0\.0000\s+\(1 counted; excluded\s*\)|accuracy\[group=g2\]\s+0\.0000\s+\(1 counted\)/,
  );
});

Deno.test("log lists runs and promotions in order with who and why", async () => {
  const { cwd, first, second } = await twoRuns();
  const document = JSON.parse((await cli(["log", "--json"], { cwd })).stdout);
  assertEquals(document.events.map((e: { event: string; run_id: string }) => [e.event, e.run_id]), [
    ["run", first],
    ["promote", first],
    ["run", second],
  ]);
  assertEquals(document.events[1].promoted_by, "ana");
  assertEquals(document.events[1].because, "reviewed");
});

Deno.test("diff shows the outputs that changed between two runs", async () => {
  const { cwd, first, second } = await twoRuns();
  const result = await cli(["diff", first, "latest"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  match(result.stdout, new RegExp(`^diff ${first} → ${second}: 1 outputs changed, 2 unchanged`));
  match(result.stdout, /three\n- a3\n\+ a0/);
  const document = JSON.parse((await cli(["diff", first, second, "--json"], { cwd })).stdout);
  assertEquals(document.changed, [{ case_id: "three", before: "a3", after: "a0" }]);
});

Deno.test("a prefix that names several runs is refused listing them", async () => {
  const { cwd } = await twoRuns();
  const result = await cli(["view", "2"], { cwd });
  assertEquals(result.code, 64);
  match(result.stderr, /Run prefix "2" matches 2 runs \(.*\): give more of the id/);
});

Deno.test("tenants keep their runs and baselines apart", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await cli(["run", "suite.toml", "--tenant", "acme"], { cwd });
  const acme = JSON.parse((await cli(["list", "--json", "--tenant", "acme"], { cwd })).stdout);
  const other = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
  assertEquals(acme.runs.length, 1);
  assertEquals(other.runs.length, 0);
  const compare = await cli(["compare", "--tenant", "acme"], { cwd });
  assertEquals(compare.code, 64, "no baseline in tenant acme yet");
});

Deno.test("a store outside the granted write permission is refused naming the flag", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const result = await cli(["run", "suite.toml", "--store", "elsewhere"], { cwd });
  assertEquals(result.code, 64);
  match(result.stderr, /--allow-write/);
  assertEquals(result.stderr.trim().split("\n").length, 1);
});

Deno.test("a suite written in code runs with its custom assertion through the CLI", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite, equals } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "greeter",
  target: (vars) => "Hello, " + vars.name + "!",
  assertions: [
    equals({ name: "exact" }),
    custom({ name: "short", params: { max: 12 }, check: ({ output }) => output.length <= 12 }),
  ],
  aggregates: [{ name: "short-rate", kind: "accuracy", over: "short" }],
  cases: [
    { id: "ada", vars: { name: "Ada" }, expected: "Hello, Ada!" },
    { id: "grace", vars: { name: "Grace Hopper" }, expected: "Hello, Grace Hopper!" },
  ],
});
`,
  });
  const result = await cli(["run", "suite.ts", "--json"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  const summary = RunSummarySchema.parse(JSON.parse(result.stdout));
  assertEquals(summary.checks.pass, ["ada · exact", "ada · short", "grace · exact"]);
  assertEquals(summary.checks.fail, ["grace · short"]);
  assertEquals(summary.figures[0].value, 0.5);
});
