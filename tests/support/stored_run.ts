import { join } from "node:path";

/**
 * A run as digline stored it, read straight from the store: `path` is the one `run --json`
 * answered with, relative to the project's folder `cwd`.
 */
export async function storedRun(cwd: string, path: string) {
  return JSON.parse(await Deno.readTextFile(join(cwd, path)));
}
