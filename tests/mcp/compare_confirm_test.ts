import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";

Deno.test("MCP compare with confirm draws again in the run worker, as compare --confirm does", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  // Five runs: the fewest with which ten reruns bound the six checks' false confirmations.
  const promoted = ["promote", "latest", "--repeats", "5", "--because", "five runs"];
  assertEquals((await cli(promoted, { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1] }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const session = await connect(cwd);
  try {
    const plain = await call(session, "compare", {});
    assertEquals(plain.envelope.exit_code, 0, "five runs: one stable flip is reported, not gated");
    const confirmed = await call(session, "compare", { confirm: true });
    assertEquals(confirmed.envelope.exit_code, 1);
    const document = CompareDocumentSchema.parse(confirmed.envelope.document);
    const fact = document.causes.find((f) => f.kind === "regression");
    assertEquals(fact?.case_id, "one");
    assertEquals(fact?.confirmation?.outcome, "confirmed");
    assertEquals(document.confirm?.spent_calls, 8);
    // The draws are stored: the CLI's compare now judges with them, and agrees.
    assertEquals((await cli(["compare"], { cwd })).code, 1);
  } finally {
    await session.close();
  }
});
