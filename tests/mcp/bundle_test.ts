import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { NO_WORKER_NOTE } from "../../mcp/mod.ts";
import { buildBundle } from "../../tools/bundle.ts";
import { cliFlags, ROOT, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";
import { approvals, ATTACKER } from "./_attacker.ts";

Deno.test("from the bundle deno task bundle builds, run answers in a worker whose system can not write an approval; nor through its CLI", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": ATTACKER });
  const outdir = await Deno.makeTempDir({ prefix: "digline-bundle-" });
  assertEquals(await buildBundle(outdir, { types: false }), 0);
  const session = await connect(cwd, { entry: join(outdir, "cli.js") });
  try {
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
    assertEquals(envelope.notes ?? [], []);
  } finally {
    await session.close();
  }
  assertEquals(approvals(cwd), []);
  // The bundle's CLI writes the whole store, but its system runs in a Worker that writes nothing.
  const cli = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...cliFlags(), join(outdir, "cli.js"), "run", "suite.toml"],
    cwd,
    stdout: "null",
    stderr: "null",
  }).output();
  assertEquals(cli.code, 0);
  assertEquals(approvals(cwd), []);
  await Deno.remove(outdir, { recursive: true });
});

Deno.test("from a single file bundled by hand, with no worker beside it, run answers in the server's process and says so", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const bundle = join(await Deno.makeTempDir({ prefix: "digline-bundle-" }), "digline.js");
  const built = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--config",
      join(ROOT, "deno.json"),
      "--output",
      bundle,
      "cli/main.ts",
    ],
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
  }).output();
  assertEquals(built.code, 0, new TextDecoder().decode(built.stderr));
  const session = await connect(cwd, { entry: bundle });
  try {
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0);
    assertEquals(envelope.notes, [NO_WORKER_NOTE]);
    assertEquals((await call(session, "compare")).envelope.exit_code, 64);
  } finally {
    await session.close();
  }
});
