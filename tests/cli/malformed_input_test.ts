import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, ROOT, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { deepVarsSuiteModule } from "../support/deep_suite.ts";

/** Every malformed input is refused the same way: exit 64, one line, and the store untouched. */
async function refused(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<string> {
  const result = await cli(args, options);
  assertEquals(result.code, 64, `${args.join(" ")}: exit ${result.code}\n${result.stderr}`);
  const lines = result.stderr.trim().split("\n");
  assertEquals(lines.length, 1, `expected one line, got:\n${result.stderr}`);
  ok(!/\n\s+at /.test(result.stderr), `a traceback:\n${result.stderr}`);
  const journal = join(options.cwd, ".digline", "default", "work");
  ok(!exists(journal) || [...Deno.readDirSync(journal)].length === 0, "a journal was left");
  ok(!exists(join(options.cwd, ".digline", "default", "runs")), "a run was stored");
  return lines[0];
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

const HEAD = `name = "small"

[target]
module = "system.ts"
export = "answer"
retries = 0
`;

const EQUALS = `
[[assertions]]
name = "correct"
kind = "equals"
`;

const ONE_CASE = `
[[cases]]
id = "one"
vars = { n = 1 }
expected = "a1"
`;

async function suiteWorkspace(files: Record<string, string>): Promise<string> {
  return await workspace({ "system.ts": smallSystem(), ...files });
}

function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

Deno.test("bytes that are not UTF-8 are refused where they are read, with the byte offset", async () => {
  const cwd = await suiteWorkspace({});
  await Deno.writeFile(
    join(cwd, "suite.toml"),
    latin1(`${HEAD}${EQUALS}${ONE_CASE}label = "caf\xe9"\n`),
  );
  const suite = await refused(["run", "suite.toml"], { cwd });
  match(
    suite,
    /^digline: suite\.toml:\d+:\d+: byte \d+ \(0xe9\) is not UTF-8; save the file as UTF-8$/,
  );

  const withFile = (file: string) =>
    `name = "small"\ncases_file = "${file}"\n${HEAD.slice(15)}${EQUALS}`;
  await Deno.writeTextFile(join(cwd, "jsonl.toml"), withFile("cases.jsonl"));
  await Deno.writeFile(
    join(cwd, "cases.jsonl"),
    latin1('{"id":"a","vars":{"n":1}}\n{"id":"b","vars":{"n":2},"expected":"\xff"}\n'),
  );
  match(await refused(["run", "jsonl.toml"], { cwd }), /cases\.jsonl:2:\d+: byte 63 \(0xff\)/);

  await Deno.writeTextFile(join(cwd, "csv.toml"), withFile("cases.csv"));
  await Deno.writeFile(join(cwd, "cases.csv"), latin1("id,n,expected\na,1,\xc3(\n"));
  match(await refused(["run", "csv.toml"], { cwd }), /cases\.csv:2:5: byte 18 \(0xc3\)/);
});

Deno.test("a timeout or backoff past what a timer can honour is refused naming the limit", async () => {
  const cwd = await suiteWorkspace({
    "timeout.toml": HEAD + "timeout_ms = 3000000000\n" + EQUALS + ONE_CASE,
    "backoff.toml": HEAD + "backoff_ms = 9007199254740991\n" + EQUALS + ONE_CASE,
  });
  match(
    await refused(["run", "timeout.toml"], { cwd }),
    /timeout\.toml:7:1: \[target\] key "timeout_ms": .*2147483647/,
  );
  match(
    await refused(["run", "backoff.toml"], { cwd }),
    /backoff\.toml:7:1: \[target\] key "backoff_ms": .*at most 3355443/,
  );
});

Deno.test("an invalid regex is refused at load in both suite forms", async () => {
  const patterns = ["(ab", "[z-a]", "a{2,1}", "*", "a**"];
  for (const pattern of patterns) {
    const cwd = await suiteWorkspace({
      "suite.toml": `${HEAD}
[[assertions]]
name = "shape"
kind = "regex"
pattern = ${JSON.stringify(pattern)}
${ONE_CASE}`,
      "suite.ts": `import { defineSuite, regex } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "small",
  target: () => "x",
  assertions: [regex({ name: "shape", pattern: ${JSON.stringify(pattern)} })],
  cases: [{ id: "one" }],
});
`,
    });
    match(
      await refused(["run", "suite.toml"], { cwd }),
      /suite\.toml:\d+:1: \[\[assertions\]\] #1 key "pattern": not a valid regular expression/,
    );
    match(
      await refused(["run", "suite.ts"], { cwd }),
      /suite\.ts: the suite raised AssertionShapeError .*not a valid regular expression.*\(at suite\.ts:5\); to see the full traceback run: deno/,
    );
  }
});

Deno.test("an invalid JSON Schema is refused at load, at its key", async () => {
  for (const schema of ['{ type = "strnig" }', '{ "$ref" = "#/definitions/none" }']) {
    const cwd = await suiteWorkspace({
      "suite.toml": `${HEAD}
[[assertions]]
name = "shape"
kind = "json"
schema = ${schema}
${ONE_CASE}`,
    });
    match(
      await refused(["run", "suite.toml"], { cwd }),
      /suite\.toml:\d+:1: \[\[assertions\]\] #1 key "schema": not a valid JSON Schema/,
    );
  }
});

Deno.test("a module target whose file or export is missing is refused before the store changes", async () => {
  const cwd = await suiteWorkspace({
    "file.toml": HEAD.replace("system.ts", "sytsem.ts") + EQUALS + ONE_CASE,
    "export.toml": HEAD.replace('"answer"', '"anwser"') + EQUALS + ONE_CASE,
  });
  match(
    await refused(["run", "file.toml"], { cwd }),
    /file\.toml:\d+:1: \[target\] key "module": the target module .*sytsem\.ts does not exist/,
  );
  match(
    await refused(["run", "export.toml"], { cwd }),
    /has no export "anwser": its exports are "answer"; set the target's export/,
  );
});

Deno.test("a store that is a file, or holds a file where a folder belongs, is refused (64)", async () => {
  const cwd = await suiteWorkspace({ "suite.toml": SMALL_SUITE, "not-a-folder": "x" });
  match(
    await refused(["run", "suite.toml", "--store", "not-a-folder"], { cwd }),
    /--store "not-a-folder" is a file, not a folder/,
  );
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const runs = join(cwd, ".digline", "default", "runs", "small");
  // The folder also keeps the runs' index (.index.jsonl), which is not a run.
  const [stored] = [...Deno.readDirSync(runs)].map((e) => e.name).filter((n) =>
    n.endsWith(".json")
  );
  await Deno.rename(runs, join(cwd, "moved"));
  await Deno.writeTextFile(runs, "");
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 64, run.stderr);
  match(
    run.stderr,
    /^digline: Cannot write "\.digline\/default\/runs\/small": .*file where a folder belongs/,
  );
  await Deno.remove(runs);
  await Deno.rename(join(cwd, "moved"), runs);
  await Deno.remove(join(cwd, ".digline", "default", "work"), { recursive: true });

  await Deno.writeTextFile(join(cwd, ".digline", "default", "baselines"), "");
  const promote = await cli(["promote", stored.replace(".json", ""), "--because", "first"], {
    cwd,
  });
  assertEquals(promote.code, 64, promote.stderr);
  match(
    promote.stderr,
    /Cannot write "\.digline\/default\/baselines\/small[^"]*": .*file where a folder/,
  );
  const compare = await cli(["compare"], { cwd });
  assertEquals(compare.code, 64, compare.stderr);
  match(compare.stderr, /baselines.*file where a folder belongs/);
});

Deno.test("vars nested 20,000 deep are refused in every form, never a stack overflow", async () => {
  const depth = 20_000;
  const jsonDeep = '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  const cwd = await suiteWorkspace({
    "suite.toml": `name = "small"\ncases_file = "cases.jsonl"\n${HEAD.slice(15)}${EQUALS}`,
    "cases.jsonl": `{"id":"deep","vars":${jsonDeep}}\n`,
    "inline.toml": `${HEAD}${EQUALS}\n[[cases]]\nid = "deep"\nvars = ${"{ a = ".repeat(depth)}1${
      " }".repeat(depth)
    }\n`,
    "suite.ts": deepVarsSuiteModule(depth),
  });
  match(
    await refused(["run", "suite.toml"], { cwd }),
    /cases\.jsonl:1:\d+: key "vars\.a\.a": nested more than 64/,
  );
  match(await refused(["run", "inline.toml"], { cwd }), /inline\.toml:\d+:\d+: .*nested/);
  match(
    await refused(["run", "suite.ts"], { cwd }),
    /suite\.ts: cases\[0\]\.vars.*: nested more than 64/,
  );
});

Deno.test("code-form suite faults are refused with type, location and a command to reproduce", async () => {
  const suites: Record<string, { body: string; says: RegExp }> = {
    "no_check.ts": {
      body: `assertions: [custom({ name: "polite" } as never)]`,
      says: /AssertionShapeError.*no check function.*\(at no_check\.ts:4\)/,
    },
    "params.ts": {
      body:
        `assertions: [custom({ name: "c", params: { when: new Date(0) } as never, check: () => true })]`,
      says: /AssertionShapeError.*params that are not plain JSON.*\(at params\.ts:4\)/,
    },
    "bad_name.ts": {
      body: `assertions: [equals({ name: "bad name!" })]`,
      says: /AssertionShapeError.*"bad name!".*\(at bad_name\.ts:4\)/,
    },
    "library.ts": {
      body: `assertions: [equals(null as never)]`,
      says: /the suite raised \w+ while loading.*\(at library\.ts:4\)/,
    },
  };
  const files: Record<string, string> = {};
  for (const [name, { body }] of Object.entries(suites)) {
    files[name] = `import { custom, defineSuite, equals } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "small",
  target: () => "x", ${body},
  cases: [{ id: "one" }],
});
`;
  }
  files["exits.ts"] = `import { defineSuite } from "${ROOT}/mod.ts";
Deno.exit(3);
export const suite = defineSuite({ name: "small", target: () => "x", assertions: [], cases: [] });
`;
  const cwd = await suiteWorkspace(files);
  for (const [name, { says }] of Object.entries(suites)) {
    const line = await refused(["run", name], { cwd });
    match(line, says);
    match(line, /to see the full traceback run: deno eval/);
  }
  match(
    await refused(["run", "exits.ts"], { cwd }),
    /exits\.ts: the suite raised SuiteExitError .*Deno\.exit\(3\).*\(at exits\.ts:2\)/,
  );
});

Deno.test("a cases_file with .. or an absolute path is refused: cases live beside the suite", async () => {
  const cwd = await suiteWorkspace({
    "cases.jsonl": '{"id":"a","vars":{"n":1}}\n',
    "sub/up.toml": `name = "small"\ncases_file = "../cases.jsonl"\n${HEAD.slice(15)}${EQUALS}`,
  });
  await Deno.writeTextFile(
    join(cwd, "abs.toml"),
    `name = "small"\ncases_file = ${JSON.stringify(join(cwd, "cases.jsonl"))}\n${
      HEAD.slice(15)
    }${EQUALS}`,
  );
  match(
    await refused(["run", "sub/up.toml"], { cwd }),
    /up\.toml:2:1: key "cases_file\[0\]": .*not beside the suite/,
  );
  match(await refused(["run", "abs.toml"], { cwd }), /abs\.toml:2:1: .*not beside the suite/);
});
