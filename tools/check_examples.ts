/**
 * `deno task check:examples`: type-checks every example the documentation shows, as a reader
 * would paste it: the code blocks in the JSDoc of every TypeScript file outside tests/, and those
 * of the Markdown documents (the ADRs aside: they record what was), with `digline` resolving to
 * the library as a user's import map sends it. `deno doc --lint` only asks that an example exist;
 * `deno test --doc` runs core's, but not the ones that would call a system or write a store.
 *
 * @module
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPOSITORY_ROOT } from "./task_flags.ts";

/** Folders whose files are not the documentation's: tests, dependencies, builds, records. */
const SKIPPED = new Set(["tests", "node_modules", "dist", "docs/adr"]);

/** The files under `root` that hold a fenced code block: TypeScript sources and Markdown. */
export function exampleFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(join(root, dir))) {
      const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.name.startsWith(".") || SKIPPED.has(path)) continue;
      if (entry.isDirectory) walk(path);
      else if (entry.isFile && /\.(ts|md)$/.test(entry.name)) {
        if (Deno.readTextFileSync(join(root, path)).includes("```")) found.push(path);
      }
    }
  };
  walk("");
  return found.sort();
}

/**
 * The product's import map with `digline` sent to the library's entry, as a data URL: a user's
 * project maps `digline` to the bundle, and the check needs no file written for it.
 */
export function examplesImportMap(root: string): string {
  const config = JSON.parse(Deno.readTextFileSync(join(root, "deno.json")));
  const imports = { ...config.imports, digline: pathToFileURL(join(root, "mod.ts")).href };
  return `data:application/json,${encodeURIComponent(JSON.stringify({ imports }))}`;
}

/** The `deno check` arguments that type-check the examples of `files` (paths under `root`). */
export function checkExamplesArgs(root: string, files: readonly string[]): string[] {
  return [
    "check",
    "--frozen",
    "--doc-only",
    "--config",
    join(root, "deno.json"),
    "--import-map",
    examplesImportMap(root),
    ...files,
  ];
}

/** Type-checks the examples of `files` from `root`; the exit code and what deno check said. */
export async function checkExamples(
  root: string,
  files: readonly string[],
): Promise<{ code: number; said: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: checkExamplesArgs(root, files),
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, said };
}

if (import.meta.main) {
  const files = exampleFiles(REPOSITORY_ROOT);
  const { code, said } = await checkExamples(REPOSITORY_ROOT, files);
  if (code !== 0) console.error(said);
  console.error(
    `${code === 0 ? "every example type-checks" : "an example does not type-check"} ` +
      `(the code blocks of ${files.length} files)`,
  );
  Deno.exit(code);
}
