import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { RunStore } from "../../host/store.ts";
import { probeMcpPromote } from "../../operator/probe_mcp.ts";

Deno.test("a server that grants a command reads collapsed: the program is outside Deno's permissions", async () => {
  const root = join(await Deno.makeTempDir({ prefix: "digline-mcp-probe-" }), ".digline");
  const result = await probeMcpPromote(new RunStore({ root, tenant: "default" }), {
    commands: ["python3"],
  });
  assertEquals(result.outcome, "collapsed");
  match(result.detail, /python3/);
});
