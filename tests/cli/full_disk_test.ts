import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

/** Mounts a 64 KiB tmpfs at `dir`; false where this process may not mount (not root, a container). */
async function mountTmpfs(dir: string): Promise<boolean> {
  try {
    const out = await new Deno.Command("mount", {
      args: ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.success;
  } catch {
    return false;
  }
}

async function unmount(dir: string): Promise<void> {
  await new Deno.Command("umount", { args: [dir], stdout: "null", stderr: "null" }).output();
}

const probe = await Deno.makeTempDir({ prefix: "digline-mount-probe-" });
const canMount = await mountTmpfs(probe);
if (canMount) await unmount(probe);
await Deno.remove(probe);

Deno.test({
  name: "a full disk is refused naming the path and the bytes needed, leaves no temp file, " +
    "and run --resume completes once space is freed (skipped where a tmpfs can not be " +
    "mounted: that needs root)",
  ignore: !canMount,
  fn: async () => {
    const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
    const store = join(cwd, ".digline");
    await Deno.mkdir(store);
    ok(await mountTmpfs(store));
    try {
      // Two 4 KiB pages left: the run lock and the journal fit, the run document's temporary
      // file does not.
      await Deno.writeFile(join(store, "filler"), new Uint8Array(56 * 1024));
      const full = await cli(["run", "suite.toml"], { cwd });
      assertEquals(full.code, 64, full.stderr);
      assertEquals(full.stderr.trim().split("\n").length, 1, full.stderr);
      match(
        full.stderr,
        /^digline: Cannot write "\.digline\/default\/runs\/small\/[\w-]+\.json": no space left on the device \(this write needed \d+ bytes\)/,
      );
      const left = [...walk(store)];
      ok(!left.some((path) => path.includes(".tmp-")), `a temporary file was left: ${left}`);
      ok(!left.some((path) => path.includes("/runs/")), `a partial run was left: ${left}`);

      await Deno.remove(join(store, "filler"));
      const resumed = await cli(["run", "suite.toml", "--resume"], { cwd });
      assertEquals(resumed.code, 0, resumed.stderr);
      match(resumed.stdout, /3 cases reused from the interrupted run, 0 run now/);
      // The document is written in pieces; the refusal still names all of its bytes, which the
      // resumed run (same id, same start, a finish time of the same length) stored.
      const needed = Number(/needed (\d+) bytes/.exec(full.stderr)![1]);
      const stored = [...walk(store)].find((path) => /\/runs\/small\/[\w-]+\.json$/.test(path))!;
      assertEquals(needed, (await Deno.stat(stored)).size);
    } finally {
      await unmount(store);
    }
  },
});

function* walk(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* walk(path);
    else yield path;
  }
}
