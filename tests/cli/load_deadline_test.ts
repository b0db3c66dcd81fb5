import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { cli, ROOT, workspace } from "./_cli.ts";

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
