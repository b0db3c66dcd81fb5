import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join, relative } from "node:path";
import { cli, SMALL_SUITE, smallSystem, spawnCli, workspace } from "./_cli.ts";

// A campaign found a `.tmp-*` file left in `baselines/<suite>/runs/` by a killed promote: temp
// files sat beside their target, and only the next write into the same folder removed them, so a
// repository that commits `baselines/` could commit one. They are written in `work/` now.

/** Every `.tmp-` file under `dir`, relative to it. */
function tempFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of Deno.readDirSync(at)) {
      const path = join(at, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.name.startsWith(".tmp-")) found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found.sort();
}

/** Runs `work` while watching `dir`; answers each `.tmp-` file created under it, relative to it. */
async function tempsCreatedDuring(dir: string, work: () => Promise<void>): Promise<string[]> {
  const watcher = Deno.watchFs(dir, { recursive: true });
  const created = new Set<string>();
  const watching = (async () => {
    for await (const event of watcher) {
      for (const path of event.paths) {
        if (path.split("/").at(-1)!.startsWith(".tmp-")) created.add(relative(dir, path));
      }
    }
  })();
  try {
    await work();
    // Events arrive after the fact: give the last ones time to come in.
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    watcher.close();
    await watching;
  }
  return [...created].sort();
}

Deno.test("run and promote write their temp files in work/, never beside runs or in baselines/", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const tenant = join(cwd, ".digline", "default");
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const created = await tempsCreatedDuring(tenant, async () => {
    assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
    const promote = await cli(["promote", "latest", "--because", "t"], { cwd });
    assertEquals(promote.code, 0, promote.stderr);
  });
  const outside = created.filter((path) => !path.startsWith("work/"));
  assertEquals(outside, []);
  assertEquals(tempFiles(join(cwd, ".digline")), []);
});

Deno.test("a promote killed as it writes leaves no temp file in baselines/, and the next write clears work/", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const tenant = join(cwd, ".digline", "default");
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  // A dead writer's temp in work/, as a kill between write and rename leaves it.
  const gone = new Deno.Command("true").spawn();
  await gone.status;
  const dead = `.tmp-${gone.pid}-00000000-0000-0000-0000-000000000000`;
  await Deno.writeTextFile(join(tenant, "work", dead), "{");
  const watcher = Deno.watchFs(tenant, { recursive: true });
  const child = spawnCli(["promote", "latest", "--because", "t"], { cwd });
  // Killed at its first temp file, mid-write.
  for await (const event of watcher) {
    if (event.paths.some((p) => /\/\.tmp-\d+-/.test(p) && !p.endsWith(dead))) break;
  }
  watcher.close();
  try {
    child.kill("SIGKILL");
  } catch {
    // Already done: the store must hold no temp all the same.
  }
  await child.status;
  assertEquals(tempFiles(join(tenant, "baselines")), []);
  assertEquals(tempFiles(join(tenant, "runs")), []);
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals(tempFiles(join(cwd, ".digline")), []);
});
