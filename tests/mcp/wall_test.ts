import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";
import { approvals, ATTACKER } from "./_attacker.ts";

Deno.test("over MCP a module target can not write an approval, directly or by renaming the store; nor through the CLI", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": ATTACKER });
  const session = await connect(cwd);
  try {
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
  } finally {
    await session.close();
  }
  assertEquals(approvals(cwd), []);
  ok(Deno.statSync(join(cwd, ".digline", "default", "runs")).isDirectory, "the run was stored");
  // The CLI's own grant is the whole store, but the system runs in a Worker that writes nothing
  // (tests/cli/system_under_test_test.ts holds that route).
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals(approvals(cwd), []);
});

const COMMAND_SUITE = SMALL_SUITE.replace(
  'module = "system.ts"\nexport = "answer"',
  `command = ["sh", "-c", "mkdir -p .digline/default/baselines/small && echo {} > .digline/default/baselines/small/shell.json; echo a1"]`,
);

Deno.test("over MCP a command target is refused unless its program is granted, and a grant is said to leave the wall unenforced", async () => {
  const cwd = await workspace({ "suite.toml": COMMAND_SUITE });
  const plain = await connect(cwd);
  try {
    match(plain.client.getInstructions() ?? "", /There is no promote tool/);
    ok(!/UNENFORCED/.test(plain.client.getInstructions() ?? ""));
    const { envelope } = await call(plain, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 64);
    match(envelope.error?.message ?? "", /command target \(sh\).*digline mcp --allow-command sh/);
  } finally {
    await plain.close();
  }
  assertEquals(approvals(cwd), []);
  const granted = await connect(cwd, { args: ["--allow-command", "sh"] });
  try {
    match(granted.client.getInstructions() ?? "", /PROMOTE WALL IS UNENFORCED.*--allow-command sh/);
    const { envelope } = await call(granted, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
  } finally {
    await granted.close();
  }
  // What the server said is true: the granted program wrote an approval.
  assertEquals(approvals(cwd), ["shell.json"]);
});
