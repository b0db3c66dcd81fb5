import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import {
  benchMix,
  dropped,
  SEED_VARIABLE,
  stochasticSuiteToml,
  stochasticSystemSource,
} from "../../bench/_stochastic_suite.ts";
import { cli, workspace } from "./_cli.ts";

const RATES = benchMix(200, 7);

async function runSeeded(cwd: string, seed: number): Promise<void> {
  const result = await cli(["run", "suite.toml"], { cwd, env: { [SEED_VARIABLE]: String(seed) } });
  assertEquals(result.code, 0, result.stderr);
}

async function compare(cwd: string) {
  const result = await cli(["compare", "--json"], { cwd });
  return { code: result.code, document: CompareDocumentSchema.parse(JSON.parse(result.stdout)) };
}

// The bench (bench/detection.ts and bench/detection_cli.ts) measures the rate over thousands of
// cycles; this holds the property on fixed seeds through the real CLI: an unchanged noisy system
// whose stable checks flip now and then is not worse, and a real drop still is.
Deno.test("plain compare on a ten-run baseline: an unchanged noisy system passes, a drop fails", async () => {
  const cwd = await workspace({
    "suite.toml": stochasticSuiteToml(RATES, { name: "noisy" }),
    "system.ts": stochasticSystemSource(RATES),
  });
  // Ten runs, each its own seed: the system's module is imported afresh for every run (ADR
  // 0083), so a seed is what makes two runs draw differently.
  for (let seed = 1; seed <= 10; seed++) await runSeeded(cwd, seed);
  const ids = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs.map((
    r: { run_id: string },
  ) => r.run_id);
  const promoted = await cli(["promote", ...ids, "--because", "ten runs"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  let flipped = 0;
  for (const seed of [101, 102, 103]) {
    await runSeeded(cwd, seed);
    const { code, document } = await compare(cwd);
    assertEquals(code, 0, document.headline);
    flipped += document.facts.filter((f) => f.kind === "stable-flip").length;
    ok(document.flip_test !== null && document.flip_test !== undefined);
  }
  // Stable checks did flip (140 cases at p = 0.98), and none of those flips gated.
  ok(flipped > 0, "the seeds gave no stable flip, so the property was not exercised");

  await Deno.writeTextFile(
    join(cwd, "system.ts"),
    stochasticSystemSource(dropped(RATES, { points: 5, shape: "concentrated" })),
  );
  await runSeeded(cwd, 104);
  const { code, document } = await compare(cwd);
  assertEquals(code, 1, document.headline);
  ok(document.causes.some((f) => f.kind === "stable-flips-worse"), document.headline);
  match(document.headline, /more stable checks failed than the baseline's 10 runs explain/);

  // A worse primary figure is tested run against run in plain compare too, and --json says
  // whether only the case-level test saw it (ADR 0106).
  await Deno.writeTextFile(
    join(cwd, "system.ts"),
    stochasticSystemSource(dropped(RATES, { points: 10, shape: "diffuse" })),
  );
  await runSeeded(cwd, 105);
  const diffuse = (await compare(cwd)).document;
  assertEquals(diffuse.figures.find((f) => f.role === "primary")?.status, "worse");
  assertEquals(typeof diffuse.run_noise?.run_p_value, "number");
  assertEquals(typeof diffuse.run_noise?.runs_disagree, "boolean");
});
