import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { cli, git, workspace } from "../cli/_cli.ts";
import { pureSuite } from "../cli/_pure_suite.ts";

/** The ignore lines docs/ci.md gives: the approvals folder is committed, the rest is not. */
export const GITIGNORE = [
  ".digline/*",
  "!.digline/.gitignore",
  "!.digline/*/",
  ".digline/*/*",
  "!.digline/*/baselines/",
  "",
].join("\n");

/** A repository whose main branch, pushed to a bare origin, holds an approved run of `suite`. */
export interface Upstream {
  /** The maintainers' clone, on main. */
  dev: string;
  /** The bare repository CI clones from. */
  origin: string;
  /** The approved run's id. */
  approved: string;
}

/** Runs `suite`, approves the run (by Ana), commits the approvals folder and pushes main. */
export async function approvedUpstream(
  files: Record<string, string>,
  suite: string,
): Promise<Upstream> {
  const dev = await workspace({ ...files, ".gitignore": GITIGNORE });
  await git(dev, "init", "-q", "-b", "main");
  const ran = await cli(["run", suite, "--json"], { cwd: dev });
  assertEquals(ran.code, 0, ran.stderr);
  const approved = JSON.parse(ran.stdout).run_id as string;
  const promoted = await cli(["promote", approved, "--by", "Ana", "--because", "reviewed"], {
    cwd: dev,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await git(dev, "add", "-A");
  await git(dev, "commit", "-q", "-m", "approved baseline");
  const origin = join(await Deno.makeTempDir({ prefix: "digline-origin-" }), "origin.git");
  await git(dev, "init", "-q", "--bare", "-b", "main", origin);
  await git(dev, "remote", "add", "origin", `file://${origin}`);
  await git(dev, "push", "-q", "origin", "main");
  return { dev, origin, approved };
}

/**
 * A pull request: branch `feature` off main, whatever `edit` writes in the clone, committed
 * (`forced` with `git add -f`, past the store's ignore lines) and pushed.
 */
export async function pullRequest(
  upstream: Upstream,
  edit: (dir: string) => Promise<string[] | void>,
): Promise<void> {
  const { dev } = upstream;
  await git(dev, "checkout", "-q", "-B", "feature", "main");
  const forced = (await edit(dev)) ?? [];
  await git(dev, "add", "-A");
  if (forced.length > 0) await git(dev, "add", "-f", "--", ...forced);
  await git(dev, "commit", "-q", "--allow-empty", "-m", "the change");
  await git(dev, "push", "-q", "-f", "origin", "feature");
  await git(dev, "checkout", "-q", "main");
}

/**
 * CI's checkout of the pull request: a shallow clone of its branch, then the base branch's tip
 * fetched as action/gate.sh fetches it.
 */
export async function ciCheckout(upstream: Upstream): Promise<string> {
  const ci = join(await Deno.makeTempDir({ prefix: "digline-ci-" }), "ci");
  await git(
    upstream.dev,
    "clone",
    "-q",
    "--depth=1",
    "--branch",
    "feature",
    `file://${upstream.origin}`,
    ci,
  );
  await git(
    ci,
    "fetch",
    "-q",
    "--no-tags",
    "--depth=1",
    "origin",
    "+refs/heads/main:refs/remotes/origin/main",
  );
  return ci;
}

/** `digline run` in CI's checkout; returns the id of the run it stored. */
export async function ciRun(ci: string, suite: string, extra: string[] = []): Promise<string> {
  const ran = await cli(["run", suite, ...extra, "--json"], { cwd: ci });
  assertEquals(ran.code, 0, ran.stderr);
  return JSON.parse(ran.stdout).run_id as string;
}

/** A copy of a run document under another id (and start), as a hand would write one. */
export async function forgedRun(
  from: string,
  options: { runId: string; startedAt?: string },
): Promise<string> {
  const doc = JSON.parse(await Deno.readTextFile(from));
  doc.run_id = options.runId;
  if (options.startedAt !== undefined) {
    doc.started_at = options.startedAt;
    doc.finished_at = options.startedAt;
  }
  return JSON.stringify(doc, null, 1) + "\n";
}

/**
 * CI's checkout of the pull request the re-check tests gate: the approved suite's pure check
 * turned case-blind and its system wrong on case two (tests/cli/_pure_suite.ts).
 */
export async function pureCheckPullRequest(): Promise<{ upstream: Upstream; ci: string }> {
  const upstream = await approvedUpstream(
    { "suite.ts": pureSuite({ caseBlind: false }) },
    "suite.ts",
  );
  await pullRequest(upstream, async (dir) => {
    await Deno.writeTextFile(join(dir, "suite.ts"), pureSuite({ caseBlind: true, wrong: [2] }));
  });
  return { upstream, ci: await ciCheckout(upstream) };
}
