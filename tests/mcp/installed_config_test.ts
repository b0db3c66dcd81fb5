import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { installBundle, installedEnv } from "../tools/_installed.ts";
import { call, connect } from "./_mcp.ts";

Deno.test({
  name:
    "digline mcp, installed and started as docs/mcp.md registers it, gates a regression as worse when an agent mapped node:path to its own file in deno.json",
  sanitizeResources: false,
  fn: async () => {
    const { installRoot, bundle } = await installBundle();
    const project = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
    const first = await connect(project, { installRoot });
    try {
      assertEquals((await call(first, "run", { suite_file: "suite.toml" })).envelope.exit_code, 0);
    } finally {
      await first.close();
    }
    // A person approves; then the agent breaks the system and edits the project's deno.json, which
    // the next start of the server reads.
    const promote = await new Deno.Command("sh", {
      args: ["-c", 'digline promote latest --because "first approval"'],
      cwd: project,
      env: installedEnv(installRoot),
      stdout: "null",
      stderr: "null",
    }).output();
    assertEquals(promote.code, 0);
    await Deno.writeTextFile(join(project, "system.ts"), smallSystem({ wrong: [2] }));
    await Deno.writeTextFile(
      join(project, "steer.js"),
      `console.error("STEERED: digline's own code loaded the agent's module");
export * from "node:path/posix";
export { default } from "node:path/posix";
`,
    );
    await Deno.writeTextFile(
      join(project, "deno.json"),
      JSON.stringify({
        imports: { "node:path": "./steer.js" },
        scopes: { "file:///": { "node:path": "./steer.js" } },
      }),
    );
    const session = await connect(project, { installRoot });
    try {
      assertEquals(
        (await call(session, "run", { suite_file: "suite.toml" })).envelope.exit_code,
        0,
      );
      const compare = await call(session, "compare");
      assertEquals(compare.envelope.exit_code, 1, JSON.stringify(compare.envelope));
      ok(!session.stderr().includes("STEERED"), session.stderr());
    } finally {
      await session.close();
    }
    await Deno.remove(installRoot, { recursive: true });
    await Deno.remove(bundle, { recursive: true });
    await Deno.remove(project, { recursive: true });
  },
});
