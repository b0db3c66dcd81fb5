import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { INTERNAL_FAILURE_LINE } from "../../host/process/exit_codes.ts";
import { cli, ROOT, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { call, connect, firstText } from "./_mcp.ts";

Deno.test("a refusal reaches the agent as a tool error whose text is the CLI's sentence", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await cli(["run", "suite.toml"], { cwd });
  const viaCli = await cli(["compare"], { cwd });
  assertEquals(viaCli.code, 64);
  const session = await connect(cwd);
  try {
    const { result, envelope } = await call(session, "compare");
    assertEquals(result.isError, true);
    assertEquals(firstText(result), viaCli.stderr.replace(/^digline: /, "").trimEnd());
    assertEquals(envelope.exit_code, 64);
    assertEquals(envelope.error?.kind, "refused");
    assertEquals(envelope.error?.type, "NoBaselineError");
    assertEquals(envelope.error?.fields, { suite: "small" });
    assertEquals(envelope.document, undefined);
  } finally {
    await session.close();
  }
});

Deno.test("a suite that throws while it loads reaches the agent with its type, message and line", async () => {
  const cwd = await workspace({
    "suite.ts": `import { defineSuite } from "${ROOT}/mod.ts";
const limit = 3;
if (limit > 2) throw new RangeError("the suite refused to load");
export const suite = defineSuite({ name: "x", target: () => "", assertions: [], cases: [] });
`,
  });
  const session = await connect(cwd);
  try {
    const { result, envelope } = await call(session, "run", { suite_file: "suite.ts" });
    assertEquals(result.isError, true);
    assertEquals(envelope.exit_code, 64);
    assertEquals(envelope.error?.type, "SuiteRaisedError");
    const text = firstText(result);
    match(text, /RangeError/);
    match(text, /the suite refused to load/);
    match(text, /suite\.ts:3/);
    const fields = envelope.error?.fields as Record<string, string>;
    assertEquals(fields.error_type, "RangeError");
    assertEquals(fields.error_message, "the suite refused to load");
    match(fields.innermost, /suite\.ts:3/);
    const viaCli = await cli(["run", "suite.ts"], { cwd });
    assertEquals(`digline: ${text}\n`, viaCli.stderr);
  } finally {
    await session.close();
  }
});

Deno.test("a failure inside digline reaches the agent as unexpected (70), not as a refusal", async () => {
  const cwd = await workspace({});
  const session = await connect(cwd, {
    entry: join(ROOT, "tests", "fixtures", "mcp", "faulty_main.ts"),
  });
  try {
    const { result, envelope } = await call(session, "list");
    assertEquals(result.isError, true);
    assertEquals(envelope.exit_code, 70);
    assertEquals(envelope.error?.kind, "unexpected");
    assertEquals(envelope.error?.type, "TypeError");
    const text = firstText(result);
    match(text, /TypeError: a defect planted by the test\n\s+at /);
    assertEquals(text.split("\n").at(-1), INTERNAL_FAILURE_LINE);
    ok(session.stderr().includes("a defect planted by the test"), session.stderr());
  } finally {
    await session.close();
  }
});

Deno.test("a failure inside digline while a suite loads is unexpected (70) on both front ends", async () => {
  const cwd = await workspace({});
  const suite = join(ROOT, "tests", "fixtures", "suites", "code", "digline_failure.ts");
  const viaCli = await cli(["run", suite], { cwd });
  assertEquals(viaCli.code, 70, viaCli.stderr);
  const session = await connect(cwd);
  try {
    const { result, envelope } = await call(session, "run", { suite_file: suite });
    assertEquals(result.isError, true);
    assertEquals(envelope.exit_code, 70);
    assertEquals(envelope.error?.kind, "unexpected");
    assertEquals(firstText(result).split("\n").at(-1), INTERNAL_FAILURE_LINE);
  } finally {
    await session.close();
  }
});
