import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema, RunSummarySchema } from "../../core/documents/mod.ts";
import { call, connect } from "../mcp/_mcp.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

Deno.test("run, view and compare group errored checks by cause with counts", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--because", "first"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ throwOn: [2, 3] }));
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 2, run.stderr);
  match(run.stdout, /\n {4}4 checks errored: the target failed after 1 attempt: .*system down\n/);
  const view = await cli(["view", "latest"], { cwd });
  match(view.stdout, /\n {4}4 checks errored: the target failed after 1 attempt: .*system down\n/);
  const json = RunSummarySchema.parse(
    JSON.parse((await cli(["view", "latest", "--json"], { cwd })).stdout),
  );
  assertEquals(json.errored_causes?.map((g) => [g.count, g.checks.length]), [[4, 4]]);
  const compare = await cli(["compare"], { cwd });
  assertEquals(compare.code, 2);
  match(
    compare.stdout,
    /\n {2}4 checks errored: the target failed after 1 attempt: .*system down\n/,
  );
});

Deno.test("explain groups errored checks by cause, on the CLI and over MCP", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--because", "first"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ throwOn: [2, 3] }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 2);
  const text = await cli(["explain"], { cwd });
  assertEquals(text.code, 2);
  match(
    text.stdout,
    /\nverdict 2 could not be judged: .*\n {2}4 checks errored: the target failed after 1 attempt: .*system down\n$/,
  );
  const json = CompareDocumentSchema.parse(
    JSON.parse((await cli(["explain", "--json"], { cwd })).stdout),
  );
  assertEquals(json.errored_causes?.map((g) => [g.count, g.checks.length]), [[4, 4]]);
  match(json.errored_causes?.[0].cause ?? "", /system down/);
  const session = await connect(cwd);
  try {
    const explained = await call(session, "explain");
    assertEquals(explained.envelope.exit_code, 2);
    const document = CompareDocumentSchema.parse(explained.envelope.document);
    assertEquals(document.errored_causes, json.errored_causes);
  } finally {
    await session.close();
  }
});
