import { safeGit } from "./git_safe.ts";

/**
 * The commit the working tree is at, with "-dirty" when it has uncommitted changes; null when
 * the directory is not in a git repository or git can not be run. The status git reads for it
 * runs none of the repository's own programs (host/git/git_safe.ts), takes no optional lock (so the
 * index is not rewritten) and does not descend into submodules.
 */
export async function gitStamp(cwd: string): Promise<string | null> {
  const head = await git(["rev-parse", "HEAD"], cwd);
  if (head === null) return null;
  const status = await git(
    [
      "--no-optional-locks",
      "status",
      "--porcelain",
      "--untracked-files=no",
      "--ignore-submodules=all",
    ],
    cwd,
  );
  return status === null || status === "" ? head : `${head}-dirty`;
}

/** The name a promotion is recorded under: git's user.name, else "unknown". */
export async function gitUserName(cwd: string): Promise<string | null> {
  const name = await git(["config", "user.name"], cwd);
  return name === null || name === "" ? null : name;
}

async function git(args: string[], cwd: string): Promise<string | null> {
  try {
    const out = await safeGit(args, { cwd });
    return out.ok ? out.out.trim() : null;
  } catch {
    // No git, or no permission to run it: the run is still worth recording.
    return null;
  }
}
