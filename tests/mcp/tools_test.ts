import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { cli, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { call, connect, firstText } from "./_mcp.ts";
import { McpError } from "./_sdk.ts";

Deno.test("the server lists the tools that read or run, compare among them, and no promote", async () => {
  const session = await connect(await workspace({}));
  try {
    const { tools } = await session.client.listTools();
    assertEquals(
      tools.map((t) => t.name).sort(),
      ["compare", "diff", "explain", "list", "log", "rejudge", "report", "run", "view"],
    );
    ok(!tools.some((t) => /promote|approve|baseline/i.test(t.name)));
    ok(/no promote tool/.test(session.client.getInstructions() ?? ""), "the instructions say so");
    for (const tool of tools) {
      ok(tool.description?.includes("exit_code"), `${tool.name} does not say what exit_code means`);
      ok(tool.outputSchema?.properties?.exit_code, `${tool.name} declares no exit_code`);
    }
  } finally {
    await session.close();
  }
});

Deno.test("calling promote gets the protocol's unknown-tool error, not a digline answer", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await cli(["run", "suite.toml"], { cwd });
  const session = await connect(cwd);
  try {
    // SDK 1.x folds the protocol error into an isError result carrying its code; SDK 2 answers
    // with the JSON-RPC error itself. Either way it is -32602 naming the tool, and no exit_code.
    let text: string;
    try {
      const result = await session.client.callTool({
        name: "promote",
        arguments: { run: "latest", because: "the agent liked it" },
      });
      assertEquals(result.isError, true);
      assertEquals(result.structuredContent, undefined);
      text = firstText(result as never);
    } catch (error) {
      if (!(error instanceof McpError)) throw error;
      text = error.message;
    }
    ok(/-32602/.test(text) && /promote/.test(text) && /not found|unknown/i.test(text), text);
  } finally {
    await session.close();
  }
  const log = await cli(["log", "--json"], { cwd });
  assertEquals(
    JSON.parse(log.stdout).events.filter((e: { event: string }) => e.event === "promote"),
    [],
  );
});

Deno.test("run, a person promotes with the CLI, run again: compare gates as the CLI does", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const session = await connect(cwd);
  try {
    const first = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(first.envelope.exit_code, 0);
    assertEquals(first.result.isError, undefined);
    assertEquals(first.envelope.document?.kind, "run");
    const runId = String(first.envelope.document?.run_id);

    const promoted = await cli(["promote", runId, "--because", "reviewed"], { cwd });
    assertEquals(promoted.code, 0, promoted.stderr);

    const same = await call(session, "compare");
    assertEquals(same.envelope.exit_code, 0);
    assertEquals(same.envelope.document?.baseline_run, runId);

    await Deno.writeTextFile(`${cwd}/system.ts`, smallSystem({ wrong: [2] }));
    const second = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(second.envelope.exit_code, 0);

    const worse = await call(session, "compare");
    assertEquals(worse.envelope.exit_code, 1);
    assertEquals(worse.result.isError, undefined, "a verdict is an answer, not a tool error");
    assertEquals(worse.envelope.document?.verdict, 1);
    const explained = await call(session, "explain");
    assertEquals(explained.envelope.exit_code, 1);
    ok((explained.envelope.document?.lines as string[]).some((l) => l.includes("regression")));
  } finally {
    await session.close();
  }
});
