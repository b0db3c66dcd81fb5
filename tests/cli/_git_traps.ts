import { join } from "node:path";
import { git, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { GITIGNORE } from "../support/pull_request.ts";

/**
 * Every route by which a repository's own configuration names a program git would run, each
 * set to leave a marker file named for its route when it runs.
 */
export const ROUTES = [
  "clean-filter",
  "process-filter",
  "fsmonitor",
  "hook",
  "pager",
  "external-diff",
  "textconv",
] as const;

/** One route by which config names a program. */
export type Route = typeof ROUTES[number];

/** A repository whose config sets a trap on every route, and the markers sprung so far. */
export interface TrappedRepository {
  cwd: string;
  /** The routes whose program ran. */
  sprung(): Promise<string[]>;
  /**
   * Rewrites tracked files with the same bytes and a later time: git can not tell them unchanged
   * by size, so a status must hash them, through whatever filter the attributes name.
   */
  touch(): Promise<void>;
}

/**
 * SMALL_SUITE in a committed repository (the approvals folder ignored as docs/ci.md says) with
 * a trap on each route asked: filters on every file (the attributes in `.git/info/attributes`,
 * which no commit shows), an fsmonitor hook, the hooks git runs, a pager for every command
 * digline asks, an external diff and a textconv driver for JSON.
 */
export async function trappedRepository(
  only: readonly Route[] = ROUTES,
): Promise<TrappedRepository> {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": smallSystem(),
    ".gitignore": GITIGNORE,
  });
  const markers = await Deno.makeTempDir({ prefix: "digline-traps-" });
  await git(cwd, "init", "-q", "-b", "main");
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "suite");
  const trap = async (route: string, body = "cat"): Promise<string> => {
    const script = join(markers, `${route}.sh`);
    await Deno.writeTextFile(script, `#!/bin/sh\ntouch '${join(markers, route)}'\n${body}\n`);
    await Deno.chmod(script, 0o755);
    return script;
  };
  const config = async (key: string, value: string) => await git(cwd, "config", key, value);
  const set = new Set(only);
  const attributes: string[] = [];
  if (set.has("clean-filter")) {
    await config("filter.trap.clean", await trap("clean-filter"));
    await config("filter.trap.smudge", await trap("clean-filter"));
    attributes.push("* filter=trap");
  }
  if (set.has("process-filter")) {
    await config("filter.proc.process", await trap("process-filter", "exit 1"));
    attributes.push("* filter=proc");
  }
  if (set.has("fsmonitor")) await config("core.fsmonitor", await trap("fsmonitor", "exit 0"));
  if (set.has("pager")) {
    await config("core.pager", await trap("pager"));
    for (const command of ["status", "show", "cat-file", "ls-tree", "config", "rev-parse"]) {
      await config(`pager.${command}`, "true");
    }
  }
  if (set.has("external-diff")) {
    await config("diff.external", await trap("external-diff", "exit 0"));
  }
  if (set.has("textconv")) {
    await config("diff.trap.textconv", await trap("textconv", 'cat "$1"'));
    attributes.push("*.json diff=trap");
  }
  await Deno.writeTextFile(join(cwd, ".git", "info", "attributes"), attributes.join("\n") + "\n");
  if (set.has("hook")) {
    const hooks = join(cwd, ".git", "hooks");
    await Deno.mkdir(hooks, { recursive: true });
    for (
      const hook of [
        "post-index-change",
        "reference-transaction",
        "post-checkout",
        "pre-commit",
        "post-commit",
      ]
    ) {
      await Deno.copyFile(await trap("hook", "exit 0"), join(hooks, hook));
      await Deno.chmod(join(hooks, hook), 0o755);
    }
  }
  return {
    cwd,
    sprung: async () => {
      const found: string[] = [];
      for (const route of ROUTES) {
        try {
          await Deno.stat(join(markers, route));
          found.push(route);
        } catch {
          // Not sprung.
        }
      }
      return found;
    },
    touch: async () => {
      const later = new Date(Date.now() + 60_000);
      for (const file of ["system.ts", "suite.toml"]) {
        await Deno.writeTextFile(join(cwd, file), await Deno.readTextFile(join(cwd, file)));
        await Deno.utime(join(cwd, file), later, later);
      }
    },
  };
}

/** Commits the approvals folder with git's own programs shut (the traps are for digline). */
export async function commitQuietly(cwd: string): Promise<void> {
  const shut = [
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "filter.trap.clean=",
    "-c",
    "filter.trap.smudge=",
    "-c",
    "filter.proc.process=",
  ];
  await git(cwd, ...shut, "add", "-A");
  await git(cwd, ...shut, "commit", "-q", "-m", "approved");
}
