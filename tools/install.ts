/**
 * `deno task install`: installs `digline` as a command with exactly the permission flags of the
 * `digline` task in deno.json, the one list every way of starting the CLI reads.
 *
 * From the clone: `deno task install`. From the bundle: `deno task install --from dist/digline.js`
 * (a bundle holds every dependency, so it is installed without the clone's config).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { isAbsolute, join, resolve } from "node:path";
import { REPOSITORY_ROOT, taskFlags } from "../examples/task_flags.ts";

/** The `deno install` arguments that install the CLI from `entry` under `name`. */
export function installArgs(options: { entry: string; name: string; bundle: boolean }): string[] {
  return [
    "install",
    "--global",
    "--force",
    "--name",
    options.name,
    ...taskFlags("digline", "cli/main.ts"),
    ...(options.bundle ? ["--no-config"] : ["--config", join(REPOSITORY_ROOT, "deno.json")]),
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
  const bundle = values.from !== undefined;
  const entry = bundle
    ? (isAbsolute(values.from!) ? values.from! : resolve(values.from!))
    : join(REPOSITORY_ROOT, "cli", "main.ts");
  const args = installArgs({ entry, name: values.name, bundle });
  console.error(`deno ${args.join(" ")}`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code === 0 && !onPath(Deno.build.os === "windows" ? "deno.exe" : "deno")) {
    console.error(
      "note: the installed command starts `deno`, which is not on PATH here; put it there with " +
        "npm install -g deno@2.9.6",
    );
  }
  Deno.exit(code);
}
