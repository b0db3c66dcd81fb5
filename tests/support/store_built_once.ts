/**
 * A workspace whose store a test file builds once, with real CLI runs, and copies for each test:
 * the runs cost most of an end-to-end file's CPU, the copy next to nothing.
 */

/** A fresh temporary folder holding a copy of `folder`, modes and times kept. */
export async function copyOfFolder(folder: string): Promise<string> {
  const copy = await Deno.makeTempDir({ prefix: "digline-copy-" });
  const out = await new Deno.Command("cp", { args: ["-a", `${folder}/.`, copy], stderr: "piped" })
    .output();
  if (!out.success) {
    throw new Error(`cp -a ${folder} ${copy}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return copy;
}

/**
 * Builds `build` on first call only and answers each call with a fresh copy of the folder it
 * built, beside what the build told: a test may change its copy and no other test sees it, and
 * whichever test asks first builds it, so no test depends on the order they run in.
 */
export function builtOnce<T extends { cwd: string }>(
  build: () => Promise<T>,
): () => Promise<T> {
  let template: Promise<T> | undefined;
  return async () => {
    template ??= build();
    const built = await template;
    return { ...built, cwd: await copyOfFolder(built.cwd) };
  };
}
