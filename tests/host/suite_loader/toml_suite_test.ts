import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join, relative, sep as SEP } from "node:path";
import { fileURLToPath } from "node:url";
import {
  FileAccessError,
  RefusalError,
  SuiteLoadError,
  UsageError,
} from "../../../host/process/refusals.ts";
import { loadSuite } from "../../../host/suite_loader/mod.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DIR = "tests/fixtures/suites";

async function refusal<E extends Error>(
  path: string,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await loadSuite(path, { cwd: ROOT });
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`${path} loaded, and a refusal was expected`);
}

Deno.test("a TOML suite loads with its target, settings, assertions and every case", async () => {
  const { suite, source, dir } = await loadSuite(`${DIR}/valid/suite.toml`, { cwd: ROOT });
  equal(source, `${DIR}/valid/suite.toml`);
  equal(dir, join(ROOT, DIR, "valid"));
  deepEqual(suite.target, { kind: "command", command: ["python3", "bot.py"], cwd: dir });
  deepEqual(suite.settings, {
    timeout_ms: 5000,
    concurrency: 8,
    retries: 1,
    backoff_ms: 250,
    repeats: 1,
  });
  deepEqual(suite.assertions.map((a) => [a.name, a.kind]), [
    ["correct", "equals"],
    ["cites-policy", "includes"],
  ]);
  // Inline cases first, then each cases file in the order it is named.
  deepEqual(suite.cases.map((c) => c.id), [
    "refund-window",
    "which-model",
    "late-refund",
    "lost-bag",
    "tsv-1",
    "tsv-2",
  ]);
  equal(suite.cases[1].kind, "canary");
  match(suite.cases_digest, /^[0-9a-f]{16}$/);
});

Deno.test("a duplicate case id is refused at its own line and column", async () => {
  const error = await refusal(`${DIR}/toml/duplicate_id.toml`, SuiteLoadError);
  equal(
    error.message,
    `${DIR}/toml/duplicate_id.toml:19:3: [[cases]] #3 key "id": case id "refund" is declared twice`,
  );
  deepEqual([error.line, error.column, error.key], [19, 3, '[[cases]] #3 key "id"']);
  ok(error instanceof RefusalError);
});

Deno.test("an unknown key in [target] is refused naming the key", async () => {
  const error = await refusal(`${DIR}/toml/unknown_target_key.toml`, SuiteLoadError);
  equal(
    error.message,
    `${DIR}/toml/unknown_target_key.toml:5:1: [target] key "timeout": unknown key "timeout"; ` +
      'did you mean "timeout_ms"?',
  );
});

Deno.test("a TOML syntax error names file:line:column", async () => {
  const error = await refusal(`${DIR}/toml/syntax_error.toml`, SuiteLoadError);
  equal(error.message, `${DIR}/toml/syntax_error.toml:5:11: not valid TOML: invalid value`);
  ok(!error.message.includes("\n"));
});

Deno.test("a custom kind in TOML is refused and points at the code form", async () => {
  const error = await refusal(`${DIR}/toml/custom_kind.toml`, SuiteLoadError);
  match(
    error.message,
    /^tests\/fixtures\/suites\/toml\/custom_kind\.toml:8:1: \[\[assertions\]\] #1 key "kind": /,
  );
  match(error.message, /\.ts module \(defineSuite with customAssertion\)/);
});

Deno.test("a missing case id points at the [[cases]] header it belongs under", async () => {
  const error = await refusal(`${DIR}/toml/missing_id.toml`, SuiteLoadError);
  equal(
    error.message,
    `${DIR}/toml/missing_id.toml:13:1: [[cases]] #2 key "id": required key is missing ` +
      "(expected string or number)",
  );
});

Deno.test("strings, comments and multi-line values do not move the reported positions", async () => {
  const error = await refusal(`${DIR}/toml/tricky.toml`, SuiteLoadError);
  deepEqual(error.issues.map((i) => [i.line, i.column, i.key]), [
    [21, 1, '[[assertions]] #1 key "flagz"'],
    [25, 47, '[[cases]] #1 key "vars.list[1].inner"'],
    [30, 6, '[[cases]] #2 key "vars.bad"'],
  ]);
  // The message states the first; --json users get every issue with its path.
  equal(
    error.message,
    `${DIR}/toml/tricky.toml:21:1: [[assertions]] #1 key "flagz": unknown key "flagz"; ` +
      'did you mean "flags"?',
  );
  deepEqual(error.issues[2].path, ["cases", 1, "vars", "bad"]);
  equal(error.issues[2].message, "NaN can not be written as JSON; use a finite number");
});

Deno.test("a top-level key written below a table is explained, not just called unknown", async () => {
  const error = await refusal(`${DIR}/toml/misplaced_cases_file.toml`, SuiteLoadError);
  match(error.message, /misplaced_cases_file\.toml:13:1: \[\[cases\]\] #1 key "cases_file": /);
  match(error.message, /move it above the first table$/);
});

Deno.test("an aggregate over an undeclared assertion is refused at its over key", async () => {
  const error = await refusal(`${DIR}/toml/aggregate_over_unknown.toml`, SuiteLoadError);
  equal(
    error.message,
    `${DIR}/toml/aggregate_over_unknown.toml:13:1: [[aggregates]] #1 key "over": aggregate ` +
      '"accuracy" is over "corect", which is not a declared assertion',
  );
});

Deno.test("a cases file of another format is refused where it is named", async () => {
  const error = await refusal(`${DIR}/toml/unsupported_cases_file.toml`, SuiteLoadError);
  match(
    error.message,
    /unsupported_cases_file\.toml:2:15: key "cases_file\[0\]": cases file "cases\.txt"/,
  );
});

Deno.test("a missing cases file is refused naming it beside the suite", async () => {
  const error = await refusal(`${DIR}/toml/missing_cases_file.toml`, FileAccessError);
  equal(
    error.message,
    `Cannot read cases file "${DIR}/toml/no_such_cases.jsonl": file not found`,
  );
});

Deno.test("a suite file that does not exist is refused as unreadable", async () => {
  const error = await refusal(`${DIR}/toml/no_such_suite.toml`, FileAccessError);
  equal(error.message, `Cannot read suite "${DIR}/toml/no_such_suite.toml": file not found`);
});

Deno.test("a directory named like a suite is refused as unreadable", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(dir, "suite.toml"));
    const error = await refusal(join(dir, "suite.toml"), FileAccessError);
    match(error.message, /suite\.toml": it is a directory$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a suite path with another extension is refused naming the extensions", async () => {
  const error = await refusal(`${DIR}/valid/cases.jsonl`, UsageError);
  match(error.message, /\.toml file, or a module ending in \.ts, \.mts, \.js, \.mjs$/);
});

Deno.test("module and http targets are resolved from the suite's folder", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const body = '\n[[assertions]]\nname = "a"\nkind = "equals"\n\n[[cases]]\nid = "x"\n';
    await Deno.writeTextFile(join(dir, "target.ts"), 'export const answer = () => "";\n');
    await Deno.writeTextFile(
      join(dir, "module.toml"),
      `name = "m"\n[target]\nmodule = "target.ts"\nexport = "answer"\n${body}`,
    );
    await Deno.writeTextFile(
      join(dir, "http.toml"),
      `name = "h"\n[target]\nhttp = "http://127.0.0.1:9/x"\nfield = "a.b"\n${body}`,
    );
    const moduleSuite = (await loadSuite(join(dir, "module.toml"))).suite;
    deepEqual(moduleSuite.target, {
      kind: "module",
      module: new URL("target.ts", `file://${dir}/`).href,
      // Outside a repository, named from the folder the test runs in (ADR 0118).
      name: relative(Deno.cwd(), join(dir, "target.ts")).split(SEP).join("/"),
      export: "answer",
    });
    const httpSuite = (await loadSuite(join(dir, "http.toml"))).suite;
    deepEqual(httpSuite.target, {
      kind: "http",
      url: "http://127.0.0.1:9/x",
      field: "a.b",
      headers: {},
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
