/**
 * `deno task install`: builds the bundle into `dist/` (tools/bundle.ts) and installs its CLI,
 * `dist/cli.js`, as the `digline` command with exactly the permission flags of the `digline` task
 * in deno.json, the one list every way of starting the CLI reads. `deno task install --from FILE`
 * installs the `cli.js` of a bundle already built (its chunks stay beside it).
 *
 * The bundle holds every dependency, so the installed command takes no config of digline's: in a
 * project, Deno reads the project's own deno.json, whose import map is what lets a code-form
 * suite write `import { defineSuite } from "digline"` (mapped to the bundle's `digline.js`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import { REPOSITORY_ROOT, runDeno, taskFlags } from "../examples/task_flags.ts";
import { buildBundle } from "./bundle.ts";

/** The `deno install` arguments that install the bundle at `entry` under `name`. */
export function installArgs(options: { entry: string; name: string }): string[] {
  return [
    "install",
    "--global",
    "--force",
    "--name",
    options.name,
    ...taskFlags("digline", "cli/main.ts"),
    options.entry,
  ];
}

function onPath(command: string): boolean {
  const path = Deno.env.get("PATH") ?? "";
  return path.split(Deno.build.os === "windows" ? ";" : ":").some((dir) => {
    try {
      return Deno.statSync(join(dir, command)).isFile;
    } catch {
      return false;
    }
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { from: { type: "string" }, name: { type: "string", default: "digline" } },
  });
  let entry = values.from === undefined ? undefined : resolve(values.from);
  if (entry === undefined) {
    const built = await buildBundle(join(REPOSITORY_ROOT, "dist"));
    if (built !== 0) Deno.exit(built);
    entry = join(REPOSITORY_ROOT, "dist", "cli.js");
  }
  const code = await runDeno(installArgs({ entry, name: values.name }));
  if (code === 0 && !onPath(Deno.build.os === "windows" ? "deno.exe" : "deno")) {
    console.error(
      "note: the installed command starts `deno`, which is not on PATH here; put it there with " +
        "npm install -g deno@2.9.6",
    );
  }
  Deno.exit(code);
}
