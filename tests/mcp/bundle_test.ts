import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { NO_WORKER_NOTE } from "../../mcp/mod.ts";
import { ROOT, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";

Deno.test("from the single-file bundle, run answers in the server's process and says so", async () => {
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
