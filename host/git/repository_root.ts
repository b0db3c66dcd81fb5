import { dirname, join, resolve } from "node:path";

/**
 * The root of the git work tree holding `dir`: the nearest folder at or above it with a `.git`
 * (a folder, or the file a linked worktree or a submodule has). Found without starting git, so
 * loading a suite starts no process; undefined when there is none or a folder can not be read.
 */
export function repositoryRoot(dir: string): string | undefined {
  let here = resolve(dir);
  while (true) {
    try {
      Deno.statSync(join(here, ".git"));
      return here;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) return undefined;
    }
    const up = dirname(here);
    if (up === here) return undefined;
    here = up;
  }
}
