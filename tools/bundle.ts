/**
 * `deno task bundle [--outdir DIR]`: builds the CLI, the library and the MCP server's run worker
 * into DIR (default `dist/`) with code splitting (ADR 0074):
 *
 * - `digline.js`: the library a code-form suite imports as `digline`, and the CLI when it is run;
 * - `cli.js`: the CLI alone, which `deno task install` installs: it starts without evaluating the
 *   library's schemas and checks, and loads each command's code when that command runs;
 * - `run_worker.js`: the worker the MCP server runs each suite in;
 * - `user_import_map.js`: what the installed command starts, when a project's deno.json changed,
 *   to build the import map it runs with there (ADR 0114);
 * - the chunks they share, so a suite that imports `digline.js` while `cli.js` runs it meets the
 *   very modules the CLI uses.
 *
 * The files of the previous build, listed in DIR's `bundle-files.json`, are replaced; no other
 * file in DIR is touched.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { basename, join, resolve } from "node:path";
import { REPOSITORY_ROOT, runDeno } from "../tools/task_flags.ts";
import { compactGeneratedChunks } from "./compact_generated_chunk.ts";

/** What each entry point is built into, by the name it has in the bundle's folder. */
export const BUNDLE_ENTRIES: Readonly<Record<string, string>> = {
  "digline.js": "cli/bundle.ts",
  "cli.js": "cli/launch.ts",
  "run_worker.js": "cli/bundled_run_worker.ts",
  "user_import_map.js": "cli/user_import_map_main.ts",
};

/** The list of a build's files, kept beside them so the next build replaces exactly those. */
export const BUNDLE_MANIFEST = "bundle-files.json";

/** The `deno bundle` arguments that write every entry and its chunks into `outdir`. */
export function bundleArgs(outdir: string): string[] {
  return [
    "bundle",
    "--quiet",
    "--config",
    join(REPOSITORY_ROOT, "deno.json"),
    "--code-splitting",
    "--outdir",
    outdir,
    ...Object.values(BUNDLE_ENTRIES),
  ];
}

/** The library's declarations beside the bundle: a file, and the folder it points into. */
const DECLARATIONS = ["digline.d.ts", "types"];

/**
 * Builds the bundle into `outdir`, with the library's type declarations unless `types` is false
 * (the benches, which time only the code); resolves to deno bundle's exit code.
 */
export async function buildBundle(
  outdir: string,
  options: { types?: boolean } = {},
): Promise<number> {
  await Deno.mkdir(outdir, { recursive: true });
  // Built aside first, so a failed build leaves the last good one in place.
  const staging = await Deno.makeTempDir({ dir: outdir, prefix: ".bundle-" });
  try {
    const code = await runDeno(bundleArgs(staging));
    if (code !== 0) return code;
    for (const [name, entry] of Object.entries(BUNDLE_ENTRIES)) {
      const built = basename(entry).replace(/\.ts$/, ".js");
      if (built !== name) await Deno.rename(join(staging, built), join(staging, name));
    }
    await compactGeneratedChunks(staging);
    if (options.types !== false) {
      const typed = await emitDeclarations(staging);
      if (typed !== 0) return typed;
    }
    const files = [...Deno.readDirSync(staging)].map((entry) => entry.name).sort();
    for (const stale of previousFiles(outdir)) {
      await Deno.remove(join(outdir, stale), { recursive: true }).catch(() => {});
    }
    for (const file of files) await Deno.rename(join(staging, file), join(outdir, file));
    await Deno.writeTextFile(join(outdir, BUNDLE_MANIFEST), JSON.stringify(files, null, 2) + "\n");
    // Deno analyses each module it meets once and caches the result. Done here, so the first
    // command after an install does not pay for it: a run of 10 cases peaked at 95 MB and took
    // 0.67 s the first time, 59 MB and 0.4 s after (ADR 0074).
    await runDeno(["cache", "--quiet", "--no-config", ...entryPaths(outdir)]);
    return 0;
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}

/**
 * Writes `digline.d.ts` and `types/` into `dir` with the TypeScript compiler, which lives in
 * tools/types/deno.json rather than the product's packages, and points `digline.js` at them.
 */
async function emitDeclarations(dir: string): Promise<number> {
  const config = join(REPOSITORY_ROOT, "tools", "types", "deno.json");
  const installed = await runDeno(["install", "--quiet", "--frozen", "--config", config]);
  if (installed !== 0) return installed;
  const emitted = await runDeno([
    "run",
    "--no-prompt",
    "--config",
    config,
    "--allow-read",
    `--allow-write=${dir}`,
    "--allow-env",
    "--allow-run",
    join(REPOSITORY_ROOT, "tools", "types", "emit_types.ts"),
    "--outdir",
    dir,
  ]);
  if (emitted !== 0) return emitted;
  const library = join(dir, "digline.js");
  // Deno reads a JavaScript module's types from the file this names (`deno check`, editors).
  await Deno.writeTextFile(
    library,
    `// @ts-self-types="./digline.d.ts"\n${await Deno.readTextFile(library)}`,
  );
  return 0;
}

/** The bundle's entry points in `outdir`. */
function entryPaths(outdir: string): string[] {
  return Object.keys(BUNDLE_ENTRIES).map((name) => join(outdir, name));
}

/** The files the last build wrote into `outdir`, as its manifest lists them. */
function previousFiles(outdir: string): string[] {
  try {
    const listed: unknown = JSON.parse(Deno.readTextFileSync(join(outdir, BUNDLE_MANIFEST)));
    // Only plain names: a damaged manifest must not send the removal outside the folder.
    return Array.isArray(listed)
      ? listed.filter((name): name is string =>
        typeof name === "string" && name === basename(name) &&
        (name.endsWith(".js") || DECLARATIONS.includes(name))
      )
      : [];
  } catch {
    return [];
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { outdir: { type: "string", default: join(REPOSITORY_ROOT, "dist") } },
  });
  Deno.exit(await buildBundle(resolve(values.outdir)));
}
