/**
 * How long `digline --help` takes to start, against `deno eval 0` (the runtime's own start-up),
 * as the median of repeated runs; and how many modules it loads, against the whole CLI. The
 * goal is `--help` within 2× of `deno eval 0`: the CLI imports only the commands' declarations
 * and loads a command's code when that command runs (deno.json's lazy-dynamic-imports; ADR 0007).
 * It is measured from source and from the bundle (tools/bundle.ts, built into a temporary folder):
 * `cli.js`, which `deno task install` installs, and `digline.js`, the library that also runs as
 * the CLI (ADR 0074). And through the installed command itself, its shell shim, in a project
 * with a deno.json: with the import map it built for that config, and on the first start after
 * the config changed, when it builds the map (ADR 0114).
 *
 * deno task bench:start-up [--runs 15] [--json]
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { REPOSITORY_ROOT } from "../tools/task_flags.ts";
import { cliArgs } from "./_end_to_end.ts";
import { staticModules } from "./_module_graph.ts";
import { buildBundle } from "../tools/bundle.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "15" },
    json: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const ENTRY = join(REPOSITORY_ROOT, "cli", "main.ts");

async function medianMs(
  args: string[],
  options: { command?: string; cwd?: string; env?: Record<string, string>; before?: () => void } =
    {},
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    options.before?.();
    const start = performance.now();
    const out = await new Deno.Command(options.command ?? Deno.execPath(), {
      args,
      cwd: options.cwd,
      env: options.env,
      stdout: "null",
      stderr: "null",
    }).output();
    times.push(performance.now() - start);
    if (!out.success) {
      throw new Error(`${options.command ?? "deno"} ${args.join(" ")} exited ${out.code}`);
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * The installed command, installed from the bundle in `bundled` under a temporary root, and a
 * project holding a deno.json that maps the library and a package, as a user's does.
 */
async function installedInProject(bundled: string) {
  const root = await Deno.makeTempDir({ prefix: "digline-bench-install-" });
  const project = await Deno.makeTempDir({ prefix: "digline-bench-project-" });
  // The rest of the environment is this process's own, PATH (and the deno on it) included.
  const env = { DENO_INSTALL_ROOT: root };
  const installed = await new Deno.Command(Deno.execPath(), {
    args: ["task", "install", "--from", join(bundled, "cli.js")],
    cwd: REPOSITORY_ROOT,
    env,
    stdout: "null",
    stderr: "null",
  }).output();
  if (!installed.success) throw new Error("deno task install --from failed");
  await Deno.writeTextFile(
    join(project, "deno.json"),
    JSON.stringify({
      imports: {
        digline: join(bundled, "digline.js"),
        zod: "npm:zod@4.6.7",
        "@std/assert/": "jsr:/@std/assert@1/",
      },
    }),
  );
  const maps = join(root, "bin", ".digline", "import-maps");
  return {
    help: () => medianMs(["--help"], { command: join(root, "bin", "digline"), cwd: project, env }),
    firstHelp: () =>
      medianMs(["--help"], {
        command: join(root, "bin", "digline"),
        cwd: project,
        env,
        before: () => {
          try {
            Deno.removeSync(maps, { recursive: true });
          } catch (error) {
            if (!(error instanceof Deno.errors.NotFound)) throw error;
          }
        },
      }),
    remove: () => Promise.all([root, project].map((dir) => Deno.remove(dir, { recursive: true }))),
  };
}

const help = cliArgs(["--help"]);
const bundled = await Deno.makeTempDir({ prefix: "digline-bench-bundle-" });
if (await buildBundle(bundled, { types: false }) !== 0) throw new Error("deno bundle failed");
const fromBundle = (file: string) =>
  cliArgs(["--help"], { kind: "bundle", file: join(bundled, file) });
// One run first, so no figure pays for filling a cache.
await medianMs(["eval", "0"]);
await medianMs(help);
await medianMs(fromBundle("cli.js"));
await medianMs(fromBundle("digline.js"));
const shim = await installedInProject(bundled);
await shim.help();
const baseline = await medianMs(["eval", "0"]);
const digline = await medianMs(help);
const installed = await medianMs(fromBundle("cli.js"));
const library = await medianMs(fromBundle("digline.js"));
const inProject = await shim.help();
const firstInProject = await shim.firstHelp();
await shim.remove();
await Deno.remove(bundled, { recursive: true });
const graph = await staticModules(ENTRY);
const ratio = (ms: number) => Number((ms / baseline).toFixed(2));
const figures = {
  runs: RUNS,
  deno_eval_ms: Math.round(baseline),
  help_ms: Math.round(digline),
  ratio: ratio(digline),
  installed_help_ms: Math.round(installed),
  installed_ratio: ratio(installed),
  library_entry_help_ms: Math.round(library),
  library_entry_ratio: ratio(library),
  installed_in_project_help_ms: Math.round(inProject),
  installed_in_project_ratio: ratio(inProject),
  installed_first_start_in_project_help_ms: Math.round(firstInProject),
  installed_first_start_in_project_ratio: ratio(firstInProject),
  modules_loaded_by_help: graph.loaded.length,
  modules_in_cli: graph.all.length,
};
if (values.json) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(
    `deno eval 0: ${figures.deno_eval_ms} ms (median of ${RUNS}); goal: --help within 2×`,
  );
  console.log(`  digline --help from source:         ${figures.help_ms} ms, ${figures.ratio}×`);
  console.log(
    `  the installed command (bundle's cli.js): ${figures.installed_help_ms} ms, ${figures.installed_ratio}×`,
  );
  console.log(
    `  the bundle's digline.js (library + CLI): ${figures.library_entry_help_ms} ms, ${figures.library_entry_ratio}×`,
  );
  console.log(
    `  the installed command in a project with a deno.json: ${figures.installed_in_project_help_ms} ms, ${figures.installed_in_project_ratio}×`,
  );
  console.log(
    `    its first start after the deno.json changed (it builds the map): ${figures.installed_first_start_in_project_help_ms} ms, ${figures.installed_first_start_in_project_ratio}×`,
  );
  console.log(
    `modules loaded by --help: ${figures.modules_loaded_by_help} of the CLI's ${figures.modules_in_cli}`,
  );
}
