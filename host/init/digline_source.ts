import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DiglineSource, githubRepository } from "./scaffold_files.ts";

/**
 * The digline this process runs, as CI can install it: the GitHub repository its clone's origin
 * names and the commit checked out. Undefined when it does not run from a clone of a GitHub
 * repository (a bundle installed from a file, a standalone binary, another host): then init asks
 * for `--source`.
 */
export async function runningSource(): Promise<DiglineSource | undefined> {
  const entry = Deno.mainModule;
  if (!entry.startsWith("file:") || Deno.build.standalone) return undefined;
  // The source entry is cli/main.ts and the installed bundle dist/cli.js: the clone is one up.
  const clone = join(dirname(fileURLToPath(entry)), "..");
  const url = await git(clone, "remote", "get-url", "origin");
  const commit = await git(clone, "rev-parse", "--verify", "HEAD");
  const repository = url === undefined ? undefined : githubRepository(url);
  if (repository === undefined || commit === undefined || !/^[0-9a-f]{40}$/.test(commit)) {
    return undefined;
  }
  return { repository, commit };
}

async function git(cwd: string, ...args: string[]): Promise<string | undefined> {
  try {
    const out = await new Deno.Command("git", {
      // Reading a remote and HEAD runs no filter; hooks and fsmonitor are shut all the same.
      args: ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-C", cwd, ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : undefined;
  } catch {
    return undefined;
  }
}
