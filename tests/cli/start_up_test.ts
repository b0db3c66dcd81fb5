import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { staticModules } from "../../bench/_module_graph.ts";
import { ROOT } from "./_cli.ts";

/** What only a command's own code may load: never at start-up, never for `--help`. */
const COMMAND_CODE = [
  /^cli\/actions\//,
  /^host\/work\//,
  /^host\/store\.ts$/,
  /^mcp\//,
  /^core\/report\//,
  /^npm:/,
];

Deno.test("digline starts with only the commands' declarations: no command's code, no npm package", async () => {
  const { loaded, all } = await staticModules(join(ROOT, "cli", "main.ts"));
  assertEquals(loaded.filter((m) => COMMAND_CODE.some((p) => p.test(m))), []);
  // The walk is not vacuous: each declaration is loaded, and each command's code is reachable.
  for (const name of ["run", "compare", "report", "mcp"]) {
    ok(loaded.includes(`cli/commands/${name}.ts`), `cli/commands/${name}.ts not loaded`);
    ok(all.includes(`cli/actions/${name}.ts`), `cli/actions/${name}.ts not in the graph`);
  }
  ok(all.some((m) => m.startsWith("npm:")), "the graph holds no npm package at all");
});

Deno.test("the store's read-only commands and compare load neither the suite loader nor the runner", async () => {
  // At ten thousand stored runs, what these commands import is most of what they cost.
  const loaderAndRunner = [
    /^host\/suite_loader\//,
    /^host\/work\/(run_suite|confirm_run)\.ts$/,
    /^host\/driver\.ts$/,
  ];
  for (const name of ["list", "view", "log", "diff", "compare", "explain"]) {
    const { loaded } = await staticModules(join(ROOT, "cli", "actions", `${name}.ts`));
    ok(loaded.includes("host/store/store.ts"), `cli/actions/${name}.ts does not load the store`);
    assertEquals(loaded.filter((m) => loaderAndRunner.some((p) => p.test(m))), [], name);
  }
});

Deno.test("run, compare and the store's commands load the JSON Schema compiler only on demand", async () => {
  // ajv costs any process that loads it about 16 MB and 130 ms; only a written schema needs it.
  for (const name of ["run", "compare", "explain", "list", "view", "log", "diff"]) {
    const { loaded } = await staticModules(join(ROOT, "cli", "actions", `${name}.ts`));
    assertEquals(loaded.filter((m) => /ajv/.test(m)), [], name);
  }
  const { all } = await staticModules(join(ROOT, "cli", "actions", "run.ts"));
  ok(all.some((m) => /^npm:\/?ajv@/.test(m)), "run can not reach ajv at all");
});

Deno.test("list, log and view load zod only when a document needs a schema", async () => {
  // zod and the run schemas were most of what these commands cost at ten thousand stored runs;
  // the index is read through its generated validator, and a schema is imported where a read needs it.
  for (const name of ["list", "log", "view"]) {
    const { loaded, all } = await staticModules(join(ROOT, "cli", "actions", `${name}.ts`));
    ok(loaded.includes("host/store/store.ts"), `cli/actions/${name}.ts does not load the store`);
    assertEquals(loaded.filter((m) => /^npm:\/?zod@/.test(m)), [], name);
    ok(all.some((m) => /^npm:\/?zod@/.test(m)), `${name} can not reach zod at all`);
  }
});

Deno.test("compare, explain and report load zod only when a document or a re-check needs a schema", async () => {
  // At 10,000 cases zod and the run schemas cost compare about as much as comparing did: the
  // approval and the runs pass their generated validators, and the recheck rules load only when needed.
  for (const name of ["compare", "explain", "report"]) {
    const { loaded, all } = await staticModules(join(ROOT, "cli", "actions", `${name}.ts`));
    ok(loaded.includes("host/store/store.ts"), `cli/actions/${name}.ts does not load the store`);
    ok(loaded.includes("core/compare/comparison.ts"), `${name} does not load the comparison`);
    assertEquals(loaded.filter((m) => /^npm:\/?zod@/.test(m)), [], name);
    ok(all.some((m) => /^npm:\/?zod@/.test(m)), `${name} can not reach zod at all`);
    ok(all.includes("core/compare/recheck_rules.ts"), `${name} can not reach the recheck rules`);
  }
});

Deno.test("run loads zod only when a suite, a case line, a journal or a reply needs a schema", async () => {
  // zod and the suite's schemas were about 20 MB of run's peak and 90-100 ms of its load: a
  // suite, its cases, the journal's header, the lock and the checks' answers pass generated validators
  // (ADR 0077), and the store's code loads once the cases are done, itself without zod.
  const { loaded, all } = await staticModules(join(ROOT, "cli", "actions", "run.ts"));
  ok(loaded.includes("host/suite_loader/mod.ts"), "run does not load the suite loader");
  ok(loaded.includes("host/running/driver.ts"), "run does not load the driver");
  assertEquals(loaded.filter((m) => /^npm:\/?zod@/.test(m)), []);
  for (
    const reachable of [
      "host/suite_loader/toml_suite_schema.ts",
      "host/suite_loader/case_reader.ts",
      "host/suite_loader/cases_table.ts",
      "host/journal/journal_read.ts",
      "core/run/assemble_run.ts",
    ]
  ) {
    ok(all.includes(reachable), `run can not reach ${reachable}`);
    ok(!loaded.includes(reachable), `run loads ${reachable} before it needs it`);
  }
  // Storing the run: the document is assembled from zod-free modules and the store checks it with its generated validator.
  for (const storing of ["core/run/assemble_run.ts", "host/store/store.ts"]) {
    const graph = await staticModules(join(ROOT, storing));
    assertEquals(graph.loaded.filter((m) => /^npm:\/?zod@/.test(m)), [], storing);
  }
});
