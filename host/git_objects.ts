import { GitRefError } from "./refusals.ts";

/**
 * Git as a reader of committed objects: never the working tree, and with the repository's own
 * fsmonitor and hooks switched off, since the tree under test may have configured either to run
 * a program of its choosing.
 */
const SAFE = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"];

async function git(args: string[]): Promise<{ ok: boolean; out: string; err: string }> {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("git", {
      args: [...SAFE, ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    throw new GitRefError(
      `--baseline-ref needs git, and it could not be started (${
        (error as Error).name
      }); run with --allow-run=git in a git checkout`,
    );
  }
  const decoder = new TextDecoder();
  return {
    ok: output.success,
    out: decoder.decode(output.stdout),
    err: decoder.decode(output.stderr).trim(),
  };
}

/** The commit REF names; refuses a REF that names none (a branch not fetched, say). */
export async function resolveCommit(ref: string): Promise<string> {
  if (ref.startsWith("-")) throw new GitRefError(`--baseline-ref ${ref}: not a git ref`);
  const { ok, out } = await git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (!ok) {
    throw new GitRefError(
      `--baseline-ref ${ref}: git knows no commit by that name; fetch it first (in CI, check out with fetch-depth: 0 or git fetch origin main)`,
    );
  }
  return out.trim();
}

/** The names of the files directly in `dir` (relative to the working directory) at `commit`. */
export async function listFilesAt(commit: string, dir: string): Promise<string[]> {
  const { ok, out } = await git(["ls-tree", "--name-only", `${commit}`, "--", `./${dir}/`]);
  if (!ok) return [];
  return out.split("\n").filter((l) => l !== "").map((l) => l.split("/").at(-1)!);
}

/** A file's text at `commit` (its path relative to the working directory); null when absent. */
export async function readFileAt(commit: string, path: string): Promise<string | null> {
  const { ok, out } = await git(["show", `${commit}:./${path}`]);
  return ok ? out : null;
}
