import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, spawnCli, workspace } from "./_cli.ts";

const CASES = 8;

/**
 * A suite whose command target records each call (its vars) in calls.log, then waits until
 * the test creates `release`, so the first run is surely live while the others are tried.
 */
function slowSuite(): Record<string, string> {
  const cases = Array.from(
    { length: CASES },
    (_, i) => `[[cases]]\nid = "c${i}"\nvars = { n = ${i} }\nexpected = "ok"\n`,
  ).join("\n");
  return {
    "suite.toml": `name = "slow"

[target]
command = ["sh", "-c", "v=$(cat); echo \\"$v\\" >> calls.log; while [ ! -f release ]; do sleep 0.05; done; echo ok"]
concurrency = 1
retries = 0

[[assertions]]
name = "ok"
kind = "equals"

${cases}`,
  };
}

async function waitFor(path: string, timeoutMs: number): Promise<string> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    try {
      const text = await Deno.readTextFile(path);
      if (text.endsWith("\n")) return text;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} did not appear within ${timeoutMs} ms`);
}

Deno.test("a second run, --resume or --restart of a live run is refused naming its owner; no case is called twice", async () => {
  const cwd = await workspace(slowSuite());
  const lockPath = join(cwd, ".digline", "default", "work", "slow.lock");
  const first = spawnCli(["run", "suite.toml"], { cwd, stderr: "piped" });
  try {
    const lock = JSON.parse(await waitFor(lockPath, 60_000));
    assertEquals(lock.pid > 0, true);
    for (const extra of [[], ["--resume"], ["--restart"]]) {
      const second = await cli(["run", "suite.toml", ...extra], { cwd });
      assertEquals(second.code, 64, `run ${extra.join(" ")}: ${second.stderr}`);
      assertEquals(second.stderr.trim().split("\n").length, 1, second.stderr);
      match(
        second.stderr,
        new RegExp(
          `slow\\.lock: this suite is being run by pid ${lock.pid} on host \\S+ since ` +
            `${lock.started_at.replaceAll(".", "\\.")}`,
        ),
      );
    }
    // Readers never wait on the lock.
    const list = await cli(["list"], { cwd });
    assertEquals(list.code, 0, list.stderr);
  } finally {
    await Deno.writeTextFile(join(cwd, "release"), "");
    const status = await first.status;
    assertEquals(status.code, 0);
  }
  const calls = (await Deno.readTextFile(join(cwd, "calls.log"))).trim().split("\n");
  assertEquals(calls.length, CASES, `calls:\n${calls.join("\n")}`);
  assertEquals(new Set(calls).size, CASES, "a case was called twice");
  ok(!(await exists(lockPath)), "the lock outlived its run");
});

Deno.test("a lock left by a process that is gone is taken over", async () => {
  const cwd = await workspace(slowSuite());
  const lockPath = join(cwd, ".digline", "default", "work", "slow.lock");
  // The host as digline writes it: from a real run's lock.
  const first = spawnCli(["run", "suite.toml"], { cwd });
  const live = JSON.parse(await waitFor(lockPath, 60_000));
  await Deno.writeTextFile(join(cwd, "release"), "");
  assertEquals((await first.status).code, 0);
  const gone = new Deno.Command("true").spawn();
  const deadPid = gone.pid;
  await gone.status;
  await Deno.writeTextFile(
    lockPath,
    JSON.stringify({ pid: deadPid, host: live.host, started_at: "2026-01-01T00:00:00.000Z" }) +
      "\n",
  );
  const again = await cli(["run", "suite.toml"], { cwd });
  assertEquals(again.code, 0, again.stderr);
  ok(!(await exists(lockPath)), "the lock outlived its run");
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
