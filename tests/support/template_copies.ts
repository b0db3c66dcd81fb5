import { git } from "../cli/_cli.ts";
import type { Upstream } from "./pull_request.ts";
import { copyWorkspace } from "./built_once_workspace.ts";

/**
 * A fixture built once per test file, on first use, and handed out as it is: the CLI processes
 * that build a store cost most of an end-to-end test's CPU, so a test that changes the store
 * works on a copy of it (copyWorkspace, copyOfUpstream).
 */
export function sharedFixture<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () => built ??= build();
}

/** sharedFixture for each distinct value of `options` (told apart by their JSON). */
export function sharedFixturePer<O, T>(
  build: (options: O) => Promise<T>,
): (options: O) => Promise<T> {
  const built = new Map<string, Promise<T>>();
  return (options) => {
    const key = JSON.stringify(options);
    if (!built.has(key)) built.set(key, build(options));
    return built.get(key)!;
  };
}

/**
 * A copy of an upstream (the maintainers' clone and its bare origin) whose clone pushes to the
 * copied origin, so a pull request made on the copy leaves the template as it was.
 */
export async function copyOfUpstream(template: Upstream): Promise<Upstream> {
  const dev = await copyWorkspace(template.dev);
  const origin = await copyWorkspace(template.origin);
  await git(dev, "remote", "set-url", "origin", `file://${origin}`);
  return { dev, origin, approved: template.approved };
}
