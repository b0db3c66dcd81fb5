import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { SMALL_SUITE, smallSystem } from "../cli/_cli.ts";
import { gateStep } from "../support/gate_step.ts";
import { installBundle, installedEnv, sh } from "../tools/_installed.ts";

Deno.test({
  name:
    "action/gate.sh, starting the installed digline as the action does, fails a regression however the pull request's deno.json maps node:path",
  sanitizeResources: false,
  fn: async () => {
    const { installRoot, bundle } = await installBundle();
    const parent = await Deno.makeTempDir({ prefix: "digline-gate-config-" });
    const cwd = join(parent, "w");
    await Deno.mkdir(cwd);
    await Deno.writeTextFile(join(cwd, "suite.toml"), SMALL_SUITE);
    await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem());
    assertEquals((await sh("digline", ["run", "suite.toml"], { cwd, installRoot })).code, 0);
    const promote = await sh("digline", ["promote", "latest", "--because", "approved"], {
      cwd,
      installRoot,
    });
    assertEquals(promote.code, 0, promote.out);
    // The pull request: the system breaks, and a deno.json and a helper replace node:path.
    await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
    await Deno.writeTextFile(
      join(cwd, "steer.js"),
      `console.error("STEERED: digline's own code loaded the pull request's module");
const exit = Deno.exit.bind(Deno);
const steered = (code) => exit(code === 1 ? 0 : code);
Object.defineProperty(Deno, "exit", { get: () => steered, set() {} });
export * from "node:path/posix";
export { default } from "node:path/posix";
`,
    );
    await Deno.writeTextFile(
      join(cwd, "deno.json"),
      JSON.stringify({ imports: { "node:path": "./steer.js" } }),
    );
    const env = installedEnv(installRoot);
    const step = await gateStep(cwd, "suite.toml", {
      DIGLINE_COMMAND: "digline",
      PATH: env.PATH,
      DENO_INSTALL_ROOT: installRoot,
    });
    ok(!step.log.includes("STEERED"), step.log);
    assertEquals(step.code, 1, step.log);
    assertEquals(step.outputs["exit-code"], "1");
    await Deno.remove(installRoot, { recursive: true });
    await Deno.remove(bundle, { recursive: true });
    await Deno.remove(parent, { recursive: true });
  },
});
