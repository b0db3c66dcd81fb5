import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { cli, SMALL_SUITE, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";

/**
 * A system that answers with the key it can read, a comma between its characters: a form no scrub
 * of the key knows (the scrub replaces the key reversed too, ADR 0115).
 */
const READER = `
export function answer() {
  try {
    return [...(Deno.env.get("OPENAI_API_KEY") ?? "unset")].join(",");
  } catch (error) {
    return "denied: " + error.name;
  }
}
`;

const KEY = "sk-user-env-test-0123456789";
const SPELLED = [...KEY].join(",");

async function outputsOverMcp(cwd: string, args: string[] = []): Promise<string[]> {
  const { envelope } = await runOverMcp(cwd, args);
  assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
  const path = join(cwd, String(envelope.document?.path));
  return JSON.parse(await Deno.readTextFile(path)).cases.map((c: { output: string }) => c.output);
}

/** `run` over MCP, from a server launched with `args` that holds KEY in OPENAI_API_KEY. */
async function runOverMcp(cwd: string, args: string[] = []) {
  const session = await connect(cwd, { args, env: { OPENAI_API_KEY: KEY } });
  try {
    return await call(session, "run", { suite_file: "suite.toml" });
  } finally {
    await session.close();
  }
}

Deno.test("over MCP a module target reads no API key variable its suite does not declare", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": READER });
  const outputs = await outputsOverMcp(cwd);
  assertEquals(new Set(outputs), new Set(["denied: NotCapable"]));
});

/** SMALL_SUITE with its module target declaring `names` in env. */
function declaring(...names: string[]): string {
  return SMALL_SUITE.replace(
    'export = "answer"',
    `export = "answer"\nenv = ${JSON.stringify(names)}`,
  );
}

Deno.test("over MCP a suite whose env names a key variable the launch did not grant is refused with 64 at its line, before the system runs", async () => {
  const cwd = await workspace({ "suite.toml": declaring("OPENAI_API_KEY"), "system.ts": READER });
  const { envelope } = await runOverMcp(cwd);
  assertEquals(envelope.exit_code, 64, JSON.stringify(envelope));
  const message = envelope.error?.message ?? "";
  match(message, /^suite\.toml:7:8: \[target\] key "env\[0\]": /);
  match(message, /OPENAI_API_KEY/);
  match(message, /--user-env OPENAI_API_KEY/);
  assertEquals(message.includes("\n"), false);
  assertEquals(existsSync(join(cwd, ".digline", "default", "runs")), false);
});

Deno.test("over MCP a suite's env may name only what the launch granted with --user-env", async () => {
  const other = await workspace({ "suite.toml": declaring("HOME"), "system.ts": READER });
  const refused = await runOverMcp(other, ["--user-env", "DIGLINE_SYSTEM_MODE"]);
  assertEquals(refused.envelope.exit_code, 64, JSON.stringify(refused.envelope));
  match(refused.envelope.error?.message ?? "", /HOME.*--user-env DIGLINE_SYSTEM_MODE,HOME/);
});

Deno.test("digline mcp launched with --user-env OPENAI_API_KEY hands the key to a suite that declares it; the CLI's module reads what the command may", async () => {
  const cwd = await workspace({ "suite.toml": declaring("OPENAI_API_KEY"), "system.ts": READER });
  assertEquals(
    new Set(await outputsOverMcp(cwd, ["--user-env", "OPENAI_API_KEY"])),
    new Set([SPELLED]),
  );
  const plain = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": READER });
  const run = await cli(["run", "suite.toml", "--json"], {
    cwd: plain,
    env: { OPENAI_API_KEY: KEY },
  });
  assertEquals(run.code, 0, run.stderr);
  const stored = JSON.parse(await Deno.readTextFile(join(plain, JSON.parse(run.stdout).path)));
  assertEquals(new Set(stored.cases.map((c: { output: string }) => c.output)), new Set([SPELLED]));
});
