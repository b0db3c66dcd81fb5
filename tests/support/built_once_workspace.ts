/**
 * A workspace that a test file builds once with the real CLI and copies for each test, so the
 * CLI runs that build a shared store are paid once per file rather than once per test. Each test
 * gets its own copy: one that changes its store can not change what another test sees.
 */
export function builtOnce(build: () => Promise<string>): () => Promise<string> {
  const copies = builtOnceWith(async () => ({ cwd: await build() }));
  return async () => (await copies()).cwd;
}

/**
 * As builtOnce, for a build that also learns facts about its store (run ids, say): each copy
 * comes with those facts, and its own folder as `cwd`. Facts must not name the template's folder.
 */
export function builtOnceWith<T extends { cwd: string }>(
  build: () => Promise<T>,
): () => Promise<T> {
  let template: Promise<T> | undefined;
  return async () => {
    template ??= build();
    const built = await template;
    return { ...built, cwd: await copyWorkspace(built.cwd) };
  };
}

/** A fresh temporary folder holding a copy of `from`, its store and timestamps included. */
export async function copyWorkspace(from: string): Promise<string> {
  const to = await Deno.makeTempDir({ prefix: "digline-test-" });
  const copied = await new Deno.Command("cp", {
    args: ["-a", `${from}/.`, to],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!copied.success) {
    throw new Error(`copying ${from} failed: ${new TextDecoder().decode(copied.stderr)}`);
  }
  return to;
}
