import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { prepareScenario } from "../examples/operator/scenario.ts";
import { taskFlags } from "../tools/task_flags.ts";
import { cli, ROOT } from "./cli/_cli.ts";
import { call, connect } from "./mcp/_mcp.ts";

/**
 * The failure rule is one function in host, so a store the flags forbid reading gives the same
 * code and the same kind of sentence whichever front end meets it. The denial reaches each of
 * them untranslated (Deno's NotCapable), which is where the operator's copy once drifted to 70.
 */
const DENY_STORE = "--deny-read=.digline";

async function operatorWorkspace(): Promise<string> {
  const parent = await Deno.makeTempDir({ prefix: "digline-failure-" });
  return await prepareScenario("steady", { policy: true, workspace: join(parent, "ops") });
}

async function operator(cwd: string, args: string[]): Promise<{ code: number; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      join(ROOT, "deno.json"),
      ...taskFlags("operator", "operator/main.ts"),
      DENY_STORE,
      join(ROOT, "operator", "main.ts"),
      ...args,
    ],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("a store the flags forbid reading is refused with 64 by the CLI, the MCP server and the operator", async () => {
  const cwd = await operatorWorkspace();

  const viaCli = await cli(["list"], { cwd, extraFlags: [DENY_STORE] });
  assertEquals(viaCli.code, 64, viaCli.stderr);
  match(viaCli.stderr, /^digline: Permission refused: digline may not read "[^"]*\.digline/);

  const session = await connect(cwd, { extraFlags: [DENY_STORE] });
  try {
    const { envelope } = await call(session, "list");
    assertEquals(envelope.exit_code, 64, JSON.stringify(envelope.error));
    assertEquals(envelope.error?.kind, "refused");
    assertEquals(envelope.error?.type, "PermissionRefusedError");
    match(envelope.error?.message ?? "", /^Permission refused: digline may not read/);
  } finally {
    await session.close();
  }

  const viaOperator = await operator(cwd, ["label", "1", "--wanted", "yes"]);
  assertEquals(viaOperator.code, 64, viaOperator.stderr);
  match(viaOperator.stderr, /^operator: Permission refused: digline may not read "[^"]*\.digline/);
});

Deno.test("a usage mistake is refused with 64 by the CLI and the operator alike", async () => {
  const cwd = await operatorWorkspace();
  const viaCli = await cli(["list", "--no-such-flag"], { cwd });
  assertEquals(viaCli.code, 64, viaCli.stderr);
  const viaOperator = await operator(cwd, ["probe", "--no-such-flag"]);
  assertEquals(viaOperator.code, 64, viaOperator.stderr);
  match(viaOperator.stderr, /^operator: .*--no-such-flag/);
});
