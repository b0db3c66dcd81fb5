import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { cli, SMALL_SUITE, smallSystem, spawnCli, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";

Deno.test("digline mcp writes nothing to stdout and exits 0 when its client closes stdin", async () => {
  const cwd = await workspace({});
  const out = await spawnCli(["mcp"], { cwd, stdout: "piped", stderr: "piped" }).output();
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  assertEquals(new TextDecoder().decode(out.stdout), "");
});

Deno.test("digline mcp refuses what it does not take (64), and says what it serves", async () => {
  const cwd = await workspace({});
  const extra = await cli(["mcp", "latest"], { cwd });
  assertEquals(extra.code, 64);
  assertEquals(extra.stderr.trim().split("\n").length, 1);
  const tenant = await cli(["mcp", "--tenant", "../up"], { cwd });
  assertEquals(tenant.code, 64);
  const help = await cli(["mcp", "--help"], { cwd });
  assertEquals(help.code, 0);
  match(help.stdout, /no\s+promote tool/);
  match((await cli(["--help"], { cwd })).stdout, /\bmcp\b/);
});

Deno.test("--tenant given to digline mcp applies to every tool", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const session = await connect(cwd, { args: ["--tenant", "acme"] });
  try {
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0);
    match(String(envelope.document?.path), /acme/);
    const listed = await call(session, "list");
    assertEquals((listed.envelope.document?.runs as unknown[]).length, 1);
  } finally {
    await session.close();
  }
  const acme = JSON.parse((await cli(["list", "--tenant", "acme", "--json"], { cwd })).stdout);
  assertEquals(acme.runs.length, 1);
  const fallback = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
  assertEquals(fallback.runs.length, 0);
});

Deno.test("the server works with the baselines it can not write: --deny-write on baselines/", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await cli(["run", "suite.toml"], { cwd });
  await cli(["promote", "latest", "--because", "reviewed"], { cwd });
  const deny = ["--deny-write=.digline/default/baselines"];
  // The flag bites: with it, even a person's promote is refused.
  const promote = await cli(["promote", "latest", "--because", "again"], { cwd, extraFlags: deny });
  assertEquals(promote.code, 64, promote.stderr);
  const session = await connect(cwd, { extraFlags: deny });
  try {
    assertEquals((await call(session, "run", { suite_file: "suite.toml" })).envelope.exit_code, 0);
    assertEquals((await call(session, "compare")).envelope.exit_code, 0);
  } finally {
    await session.close();
  }
});
