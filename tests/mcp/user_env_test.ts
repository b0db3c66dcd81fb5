import { deepStrictEqual as assertEquals } from "node:assert/strict";
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

async function outputsOverMcp(cwd: string): Promise<string[]> {
  const previous = Deno.env.get("OPENAI_API_KEY");
  Deno.env.set("OPENAI_API_KEY", KEY);
  const session = await connect(cwd);
  try {
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
    const path = join(cwd, String(envelope.document?.path));
    return JSON.parse(await Deno.readTextFile(path)).cases.map((c: { output: string }) => c.output);
  } finally {
    await session.close();
    if (previous === undefined) Deno.env.delete("OPENAI_API_KEY");
    else Deno.env.set("OPENAI_API_KEY", previous);
  }
}

Deno.test("over MCP a module target reads no API key variable its suite does not declare", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": READER });
  const outputs = await outputsOverMcp(cwd);
  assertEquals(new Set(outputs), new Set(["denied: NotCapable"]));
});

Deno.test("over MCP a module target reads a variable its suite declares with env; the CLI's reads what the command may", async () => {
  const declared = SMALL_SUITE.replace(
    'export = "answer"',
    'export = "answer"\nenv = ["OPENAI_API_KEY"]',
  );
  const cwd = await workspace({ "suite.toml": declared, "system.ts": READER });
  assertEquals(new Set(await outputsOverMcp(cwd)), new Set([SPELLED]));
  const plain = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": READER });
  const run = await cli(["run", "suite.toml", "--json"], {
    cwd: plain,
    env: { OPENAI_API_KEY: KEY },
  });
  assertEquals(run.code, 0, run.stderr);
  const stored = JSON.parse(await Deno.readTextFile(join(plain, JSON.parse(run.stdout).path)));
  assertEquals(new Set(stored.cases.map((c: { output: string }) => c.output)), new Set([SPELLED]));
});
