import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { git } from "../cli/_cli.ts";
import type { Upstream } from "./pull_request.ts";

/**
 * A fixture built once per test file, on first use: the CLI processes that build a store cost
 * most of an end-to-end test's CPU, so tests that change the store work on a copy of it.
 */
export function builtOnce<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () => built ??= build();
}

/** builtOnce for each distinct value of `options` (told apart by their JSON). */
export function builtOncePer<O, T>(build: (options: O) => Promise<T>): (options: O) => Promise<T> {
  const built = new Map<string, Promise<T>>();
  return (options) => {
    const key = JSON.stringify(options);
    if (!built.has(key)) built.set(key, build(options));
    return built.get(key)!;
  };
}

/** A copy of the folder `from` (its store, git history and all) in a new temporary folder. */
export async function copyOfTree(from: string): Promise<string> {
  const to = join(await Deno.makeTempDir({ prefix: "digline-copy-" }), "w");
  const out = await new Deno.Command("cp", { args: ["-a", from, to], stderr: "piped" }).output();
  assertEquals(out.success, true, new TextDecoder().decode(out.stderr));
  return to;
}

/**
 * A copy of an upstream (the maintainers' clone and its bare origin) whose clone pushes to the
 * copied origin, so a pull request made on the copy leaves the template as it was.
 */
export async function copyOfUpstream(template: Upstream): Promise<Upstream> {
  const dev = await copyOfTree(template.dev);
  const origin = await copyOfTree(template.origin);
  await git(dev, "remote", "set-url", "origin", `file://${origin}`);
  return { dev, origin, approved: template.approved };
}
