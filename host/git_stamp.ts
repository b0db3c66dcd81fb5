/**
 * The commit the working tree is at, with "-dirty" when it has uncommitted changes; null when
 * the directory is not in a git repository or git can not be run.
 */
export async function gitStamp(cwd: string): Promise<string | null> {
  const head = await git(["rev-parse", "HEAD"], cwd);
  if (head === null) return null;
  const status = await git(["status", "--porcelain", "--untracked-files=no"], cwd);
  return status === null || status === "" ? head : `${head}-dirty`;
}

/** The name a promotion is recorded under: git's user.name, else "unknown". */
export async function gitUserName(cwd: string): Promise<string | null> {
  const name = await git(["config", "user.name"], cwd);
  return name === null || name === "" ? null : name;
}

/**
 * A repository's own config can name programs git runs (core.fsmonitor, hooks): reading a
 * stamp must never run them, so both are switched off for every call.
 */
const SAFE_CONFIG = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"];

async function git(args: string[], cwd: string): Promise<string | null> {
  try {
    const out = await new Deno.Command("git", {
      args: [...SAFE_CONFIG, ...args],
      cwd,
      stdout: "piped",
      stderr: "null",
    })
      .output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : null;
  } catch {
    // No git, or no permission to run it: the run is still worth recording.
    return null;
  }
}
