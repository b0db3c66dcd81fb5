import { type GitOutput, safeGit } from "./git_safe.ts";
import { GitRefError } from "../process/refusals.ts";

/**
 * Git as a reader of committed objects: never the working tree's content, and with none of the
 * repository's own programs run (host/git/git_safe.ts), since the tree under test chooses its config.
 */
async function git(args: string[]): Promise<GitOutput> {
  try {
    return await safeGit(args);
  } catch (error) {
    throw new GitRefError(
      `--baseline-ref needs git, and it could not be started (${
        (error as Error).name
      }); run with --allow-run=git in a git checkout`,
    );
  }
}

/**
 * The commit REF names; refuses a REF that names none (a branch not fetched, say), and a short
 * name that names two refs (a tag `origin/main` beside the remote branch): git would pick the
 * tag, which whoever can push a tag chooses (ADR 0082).
 */
export async function resolveCommit(ref: string): Promise<string> {
  if (ref.startsWith("-")) throw new GitRefError(`--baseline-ref ${ref}: not a git ref`);
  const full = await fullRefName(ref);
  const { ok, out } = await git(["rev-parse", "--verify", "--quiet", `${full ?? ref}^{commit}`]);
  if (!ok) {
    throw new GitRefError(
      `--baseline-ref ${ref}: git knows no commit by that name; fetch it first (in CI, check out with fetch-depth: 0 or git fetch origin main)`,
    );
  }
  return out.trim();
}

/**
 * The one ref a short name means, in git's own order of places; none when it names no ref (a
 * commit id, HEAD, an expression). Refuses a name that two refs answer to.
 */
async function fullRefName(ref: string): Promise<string | undefined> {
  const places = ref.startsWith("refs/") ? [ref] : [
    `refs/${ref}`,
    `refs/tags/${ref}`,
    `refs/heads/${ref}`,
    `refs/remotes/${ref}`,
    `refs/remotes/${ref}/HEAD`,
  ];
  const { ok, out } = await git(["for-each-ref", "--format=%(refname)", ...places]);
  if (!ok) return undefined;
  const listed = new Set(out.split("\n"));
  const found = places.filter((name) => listed.has(name));
  if (found.length > 1) {
    throw new GitRefError(
      `--baseline-ref ${ref}: the name is ambiguous, it names ${
        found.join(" and ")
      }; give the full ref, e.g. --baseline-ref ${
        found.find((n) => n.startsWith("refs/remotes/")) ?? found.find((n) =>
          n.startsWith("refs/heads/")
        ) ?? found[0]
      }`,
    );
  }
  return found[0];
}

/** The names of the files directly in `dir` (relative to the working directory) at `commit`. */
export async function listFilesAt(commit: string, dir: string): Promise<string[]> {
  const { ok, out } = await git(["ls-tree", "--name-only", `${commit}`, "--", `./${dir}/`]);
  if (!ok) return [];
  return out.split("\n").filter((l) => l !== "").map((l) => l.split("/").at(-1)!);
}

/**
 * A file's text at `commit` (its path relative to the working directory); null when absent.
 * `cat-file blob` gives the committed bytes: no textconv driver, no filter.
 */
export async function readFileAt(commit: string, path: string): Promise<string | null> {
  const { ok, out } = await git(["cat-file", "blob", `${commit}:./${path}`]);
  return ok ? out : null;
}

/** The commit the checkout is at; null outside a repository. */
export async function headCommit(): Promise<string | null> {
  const { ok, out } = await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  return ok ? out.trim() : null;
}

/** Whether git tracks the file (its path relative to the working directory). */
export async function isTracked(path: string): Promise<boolean> {
  const { ok, out } = await git(["--literal-pathspecs", "ls-files", "-z", "--", path]);
  return ok && out !== "";
}
