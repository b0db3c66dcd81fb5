/**
 * How long `digline --help` takes to start, against `deno eval 0` (the runtime's own start-up),
 * as the median of repeated runs; and how many modules it loads, against the whole CLI. The
 * goal is `--help` within 2× of `deno eval 0`: the CLI imports only the commands' declarations
 * and loads a command's code when that command runs (deno.json's lazy-dynamic-imports; ADR 0007).
 * It is measured from source and from the bundle (tools/bundle.ts, built into a temporary folder):
 * `cli.js`, which `deno task install` installs, and `digline.js`, the library that also runs as
 * the CLI (ADR 0074).
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

async function medianMs(args: string[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const out = await new Deno.Command(Deno.execPath(), { args, stdout: "null", stderr: "null" })
      .output();
    times.push(performance.now() - start);
    if (!out.success) throw new Error(`deno ${args.join(" ")} exited ${out.code}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
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
const baseline = await medianMs(["eval", "0"]);
const digline = await medianMs(help);
const installed = await medianMs(fromBundle("cli.js"));
const library = await medianMs(fromBundle("digline.js"));
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
    `modules loaded by --help: ${figures.modules_loaded_by_help} of the CLI's ${figures.modules_in_cli}`,
  );
}
