import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, ROOT, SMALL_SUITE, workspace } from "./_cli.ts";

Deno.test("a suite module whose top-level await never settles is refused (64) at the deadline", async () => {
  const cwd = await workspace({
    "suite.ts": `import { defineSuite } from "${ROOT}/mod.ts";
await new Promise(() => {});
export const suite = defineSuite({ name: "never", target: () => "", assertions: [], cases: [] });
`,
  });
  const started = performance.now();
  const result = await cli(["run", "suite.ts"], { cwd, env: { DIGLINE_LOAD_TIMEOUT_MS: "1500" } });
  const seconds = (performance.now() - started) / 1000;
  assertEquals(result.code, 64, result.stderr);
  assertEquals(result.stderr.trim().split("\n").length, 1, result.stderr);
  match(
    result.stderr,
    /^digline: suite\.ts: the module did not finish loading within 1500 ms .*DIGLINE_LOAD_TIMEOUT_MS/,
  );
  // The deadline, plus starting Deno twice on a busy machine; without a deadline it never ends.
  ok(seconds < 60, `took ${seconds.toFixed(1)} s`);
});

Deno.test("a target module whose top-level await never settles is refused (64) at the load deadline, nothing stored", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": `await new Promise(() => {});\nexport function answer() { return "a1"; }\n`,
  });
  const started = performance.now();
  const result = await cli(["run", "suite.toml"], {
    cwd,
    env: { DIGLINE_LOAD_TIMEOUT_MS: "1500" },
  });
  const seconds = (performance.now() - started) / 1000;
  assertEquals(result.code, 64, result.stderr);
  assertEquals(result.stderr.trim().split("\n").length, 1, result.stderr);
  match(result.stderr, /system\.ts.*did not finish loading within 1500 ms/);
  ok(seconds < 60, `took ${seconds.toFixed(1)} s`);
  const runs = join(cwd, ".digline", "default", "runs");
  ok(!(await exists(runs)), "a run was stored");
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
