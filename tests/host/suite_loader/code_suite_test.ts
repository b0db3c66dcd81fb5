import { deepEqual, equal, match, ok } from "node:assert/strict";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  AssertionShapeError,
  RefusalError,
  SuiteLoadError,
  SuiteRaisedError,
} from "../../../host/process/refusals.ts";
import { loadSuite } from "../../../host/suite_loader/mod.ts";

const ROOT = resolve(fileURLToPath(new URL("../../../", import.meta.url)));
const DIR = "tests/fixtures/suites/code";

async function thrown(path: string, options: { cwd?: string } = { cwd: ROOT }): Promise<unknown> {
  try {
    await loadSuite(path, options);
  } catch (error) {
    return error;
  }
  throw new Error(`${path} loaded, and a failure was expected`);
}

async function raised(path: string): Promise<SuiteRaisedError> {
  const error = await thrown(path);
  if (error instanceof SuiteRaisedError) return error;
  throw error;
}

/** The command the refusal prints, as it reads from the test's own working directory. */
function reproduceOf(path: string): string {
  // From source, the advice names digline's deno.json, so a suite that imports digline resolves.
  const command = `deno eval --config ${join(ROOT, "deno.json")} "await import('${
    pathToFileURL(join(ROOT, path)).href
  }')"`;
  return Deno.cwd() === ROOT ? command : `cd ${ROOT} && ${command}`;
}

Deno.test("a suite written in code loads with its function target and custom assertion", async () => {
  const { suite, dir } = await loadSuite("tests/fixtures/suites/valid/suite.ts", { cwd: ROOT });
  equal(suite.name, "support-bot-code");
  equal(suite.target.kind, "function");
  equal(suite.target.kind === "function" && suite.target.name, "echo");
  equal(suite.settings.timeout_ms, 1000);
  deepEqual(suite.assertions.map((a) => [a.name, a.kind]), [
    ["correct", "equals"],
    ["short", "custom"],
  ]);
  // cases_file is read beside the module, after the inline cases.
  deepEqual(suite.cases.map((c) => c.id), ["inline", "late-refund", "lost-bag"]);
  equal(dir, join(ROOT, "tests/fixtures/suites/valid"));
});

Deno.test(
  "a suite module that throws while loading is refused with the innermost and the suite's own line",
  async () => {
    const error = await raised(`${DIR}/throws.ts`);
    equal(
      error.message,
      `${DIR}/throws.ts: the suite raised RangeError while loading: PORT must be a number ` +
        `(at ${DIR}/throws.ts:5); to see the full traceback run: ${
          reproduceOf(`${DIR}/throws.ts`)
        }`,
    );
    deepEqual([error.errorType, error.innermost, error.suiteFrame], [
      "RangeError",
      `${DIR}/throws.ts:5`,
      undefined,
    ]);
    ok(error instanceof RefusalError);
  },
);

Deno.test("a suite module that throws inside a library it imports names both frames", async () => {
  const error = await raised(`${DIR}/throws_in_library.ts`);
  equal(error.errorType, "SyntaxError");
  equal(error.innermost, `${DIR}/lib/read_settings.ts:4`);
  equal(error.suiteFrame, `${DIR}/throws_in_library.ts:4`);
  match(
    error.message,
    /\(at tests\/fixtures\/suites\/code\/lib\/read_settings\.ts:4, from tests\/fixtures\/suites\/code\/throws_in_library\.ts:4\); to see the full traceback run: deno eval /,
  );
});

Deno.test("the reproduce command prints the traceback the refusal summarised", async () => {
  const error = await raised(`${DIR}/throws_in_library.ts`);
  const deno = Deno.execPath();
  const output = await new Deno.Command("sh", {
    args: ["-c", error.reproduce],
    cwd: Deno.cwd(),
    env: { PATH: `${dirname(deno)}:${Deno.env.get("PATH") ?? ""}`, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stderr);
  ok(!output.success);
  match(text, /SyntaxError: settings line "model: small" has no "="/);
  match(text, /read_settings\.ts:4:/);
  match(text, /throws_in_library\.ts:4:/);
});

Deno.test("a module that exports no suite is refused listing its exports", async () => {
  const error = await thrown(`${DIR}/no_suite_export.ts`);
  ok(error instanceof SuiteLoadError);
  equal(
    error.message,
    `${DIR}/no_suite_export.ts: the module has no export named suite (its exports are ` +
      '"cases", "target"); export one with `export const suite = defineSuite({ ... })`',
  );
});

Deno.test("a malformed custom assertion is refused at load as AssertionShapeError", async () => {
  const error = await thrown(`${DIR}/malformed_custom.ts`);
  ok(error instanceof AssertionShapeError);
  ok(error instanceof RefusalError);
  match(
    error.message,
    /malformed_custom\.ts: the suite raised AssertionShapeError while loading: Custom assertion "polite" has no check function: give it check\(input\) \(at .*malformed_custom\.ts:\d+\); to see the full traceback run: deno eval/,
  );
});

Deno.test("an assertion written as a plain object is refused as AssertionShapeError", async () => {
  const error = await thrown(`${DIR}/plain_assertion.ts`);
  ok(error instanceof AssertionShapeError);
  equal(
    error.message,
    `${DIR}/plain_assertion.ts: assertions[0] is a plain definition (kind "equals"), not an ` +
      "assertion; build it with equals({ ... })",
  );
});

Deno.test("a failure inside digline's own code while a suite loads is not dressed as a refusal", async () => {
  const error = await thrown(`${DIR}/digline_failure.ts`);
  ok(error instanceof TypeError);
  equal(error.message, "Cannot canonicalise a value that is not JSON");
  ok(!(error instanceof RefusalError));
});

Deno.test("an unknown key in a suite definition is refused naming the key", async () => {
  const error = await thrown(`${DIR}/misspelt_key.ts`);
  ok(error instanceof SuiteLoadError);
  equal(
    error.message,
    `${DIR}/misspelt_key.ts: cases_files: unknown key "cases_files"; did you mean "cases_file"?`,
  );
  deepEqual(error.issues[0].path, ["cases_files"]);
});

Deno.test("a suite module that does not parse is refused as the suite's syntax error", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "suite.ts");
    await Deno.writeTextFile(path, "export const a = 1;\nconst b = ;\n");
    const error = await thrown(path, { cwd: dir });
    ok(error instanceof SuiteRaisedError);
    deepEqual([error.errorType, error.errorMessage, error.innermost], [
      "SyntaxError",
      "Expression expected",
      "suite.ts:2",
    ]);
    equal(
      error.reproduce,
      `cd ${dir} && deno eval --config ${join(ROOT, "deno.json")} "await import('${
        pathToFileURL(path).href
      }')"`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a suite module that imports a missing file is refused at its import line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "suite.ts");
    await Deno.writeTextFile(path, '// the helper was never written\nimport "./helper.ts";\n');
    const error = await thrown(path, { cwd: dir });
    ok(error instanceof SuiteRaisedError);
    equal(error.errorType, "TypeError");
    match(error.errorMessage, /^Module not found ".*helper\.ts"/);
    equal(error.innermost, "suite.ts:2");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a thrown value that is not an Error is refused at the suite file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "suite.mjs");
    await Deno.writeTextFile(path, 'throw "no configuration";\n');
    const error = await thrown(path, { cwd: dir });
    ok(error instanceof SuiteRaisedError);
    // Nothing carries a frame, so the suite file itself, as it was named, is the location.
    deepEqual([error.errorType, error.errorMessage, error.innermost], [
      "string",
      "no configuration",
      path,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
