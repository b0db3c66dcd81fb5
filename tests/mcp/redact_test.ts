import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { leaked, privateSuite, regressedWorkspace } from "../cli/_private_suite.ts";
import { call, connect } from "./_mcp.ts";

Deno.test("compare, explain and report over MCP with redact carry no output or var of the run", async () => {
  const cwd = await regressedWorkspace();
  const session = await connect(cwd);
  try {
    for (
      const [tool, extra] of [["compare", {}], ["explain", {}], ["report", {
        format: "html",
      }]] as const
    ) {
      const plain = await call(session, tool, extra);
      // The unredacted answer quotes the error's reason (and the HTML the outputs): the attack below has something to find.
      ok(
        leaked(JSON.stringify(plain.result)).length > 0,
        `${tool}: the plain answer quotes a payload`,
      );
      const redacted = await call(session, tool, { ...extra, redact: ["outputs", "vars"] });
      assertEquals(redacted.envelope.exit_code, plain.envelope.exit_code);
      assertEquals(leaked(JSON.stringify(redacted.result)), [], `${tool} leaks`);
      assertEquals(redacted.envelope.document?.redacted, ["outputs", "vars"]);
      assertEquals(redacted.envelope.document?.verdict, plain.envelope.document?.verdict);
    }
    const report = await call(session, "report", { format: "html", redact: ["outputs"] });
    match(report.envelope.report?.text ?? "", /<pre>sha256:[0-9a-f]{12}<\/pre>/);
  } finally {
    await session.close();
  }
});

Deno.test("an MCP redact naming an unknown payload is refused before anything is compared", async () => {
  const cwd = await regressedWorkspace();
  const session = await connect(cwd);
  try {
    const result = await session.client.callTool({
      name: "compare",
      arguments: { redact: ["secrets"] },
    }).catch((error: Error) => ({
      isError: true,
      content: [{ type: "text", text: error.message }],
    }));
    assertEquals(result.isError, true);
    match(JSON.stringify(result.content), /redact/);
  } finally {
    await session.close();
  }
});

Deno.test("run and view over MCP of a redacting suite carry its errored causes by digest, and say so", async () => {
  const cwd = await regressedWorkspace();
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    privateSuite(`\n[report]\nredact = ["outputs"]\n`),
  );
  const session = await connect(cwd);
  try {
    const run = await call(session, "run", { suite_file: "suite.toml" });
    // The run's errored check makes it one that can not be judged: stored, and exit_code 2.
    assertEquals(run.envelope.exit_code, 2, JSON.stringify(run.envelope));
    const view = await call(session, "view", { run: "latest" });
    for (const answer of [run, view]) {
      assertEquals(leaked(JSON.stringify(answer.result)), []);
      assertEquals(answer.envelope.document?.redacted, ["outputs"]);
      match(JSON.stringify(answer.envelope.document?.errored_causes), /sha256:[0-9a-f]{12}/);
    }
  } finally {
    await session.close();
  }
});
