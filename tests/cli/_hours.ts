import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { SEED_VARIABLE, stochasticSuiteToml } from "../../bench/_stochastic_suite.ts";
import { cli, workspace } from "./_cli.ts";

/**
 * A store whose sixty cases fail together by run, as in a provider's bad hours: run seeded s
 * answers wrong on cases `wrong[s][0]` up to (not including) `wrong[s][1]`, and seeds 1 to
 * `runs` are run and promoted together as the baseline.
 */
export async function baselineOfHours(
  wrong: Record<number, [number, number]>,
  options: { runs: number },
): Promise<string> {
  const system = `const WRONG = ${JSON.stringify(wrong)};
export function answer(vars) {
  const [from, to] = WRONG[Number(Deno.env.get("${SEED_VARIABLE}") ?? "2")] ?? [0, 0];
  return vars.n >= from && vars.n < to ? "wrong" : "a" + vars.n;
}
`;
  const suite = stochasticSuiteToml(Array(60).fill(1), { name: "hours" });
  const cwd = await workspace({ "suite.toml": suite, "system.ts": system });
  for (let seed = 1; seed <= options.runs; seed++) {
    const run = await cli(["run", "suite.toml"], { cwd, env: { [SEED_VARIABLE]: String(seed) } });
    assertEquals(run.code, 0, run.stderr);
  }
  const ids = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs
    .map((r: { run_id: string }) => r.run_id).sort();
  const promoted = await cli(["promote", ...ids, "--because", `${options.runs} hours`], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  return cwd;
}

/** Runs the candidate seeded `seed`, then compares it: the reading and the --json document. */
export async function compareSeeded(cwd: string, seed: number) {
  const run = await cli(["run", "suite.toml"], { cwd, env: { [SEED_VARIABLE]: String(seed) } });
  assertEquals(run.code, 0, run.stderr);
  const text = await cli(["compare"], { cwd });
  const json = await cli(["compare", "--json"], { cwd });
  return { text, document: CompareDocumentSchema.parse(JSON.parse(json.stdout)) };
}
