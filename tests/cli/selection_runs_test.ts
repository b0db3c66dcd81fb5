import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema, RunListSchema } from "../../core/documents/mod.ts";
import { SEED_VARIABLE, stochasticSuiteToml } from "../../bench/_stochastic_suite.ts";
import { cli, workspace } from "./_cli.ts";

/** Cases 0–19 always answer right; cases 20–23 answer wrong in the run seeded 5 and in `now`. */
const VARYING = [20, 21, 22, 23];
const SUITE = stochasticSuiteToml(Array(24).fill(1), { name: "chosen" }) +
  "\n[gate]\nmax_extra_calls = 100\n";
const SYSTEM = `export function answer(vars) {
  const seed = Number(Deno.env.get("${SEED_VARIABLE}") ?? "1");
  const wrong = ${JSON.stringify(VARYING)}.includes(vars.n) && (seed === 5 || seed === 100);
  return wrong ? "wrong" : "a" + vars.n;
}
`;

async function runSeeded(cwd: string, seed: number): Promise<void> {
  const result = await cli(["run", "suite.toml"], { cwd, env: { [SEED_VARIABLE]: String(seed) } });
  assertEquals(result.code, 0, result.stderr);
}

// Eight runs seeded 1 to 8: the varying cases failed in the fifth only. Recorded as the last four
// of eight, the selection runs include the fifth and choose those cases; the count rule's last
// three (6–8) would choose none.
Deno.test("compare --confirm and view plan the draws of the cases the approval's recorded selection runs chose", async () => {
  const cwd = await workspace({ "suite.toml": SUITE, "system.ts": SYSTEM });
  for (let seed = 1; seed <= 8; seed++) await runSeeded(cwd, seed);
  const ids = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs
    .map((r: { run_id: string }) => r.run_id).sort();
  const promoted = await cli(
    ["promote", ...ids, "--selection-runs", "4", "--because", "four choose"],
    { cwd },
  );
  assertEquals(promoted.code, 0, promoted.stderr);
  // view's minimum detectable drop plans the draws the same selection runs choose.
  const view = RunListSchema.parse(JSON.parse((await cli(["view", "--json"], { cwd })).stdout));
  assertEquals(
    view.baseline?.min_detectable_drop?.planned.map((p) => p.case_id),
    VARYING.map((n) => `c00${n}`),
  );
  await runSeeded(cwd, 100);
  const compared = await cli(["compare", "--confirm", "--json"], {
    cwd,
    env: { [SEED_VARIABLE]: "100" },
  });
  const document = CompareDocumentSchema.parse(JSON.parse(compared.stdout));
  const dir = join(cwd, ".digline", "default", "confirmations", "chosen", document.candidate_run);
  const [file] = [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".json"));
  const confirmation = JSON.parse(await Deno.readTextFile(join(dir, file.name)));
  assertEquals(
    confirmation.plan.noisy.map((n: { case_id: string }) => n.case_id),
    VARYING.map((n) => `c00${n}`),
  );
  assertEquals(confirmation.plan.selection_runs, ids.slice(4));
  assertEquals(document.confirmation, confirmation.confirmation_id);

  // The same runs approved again with other selection runs: the stored draws were chosen by runs
  // the figure's test now counts, so they count for neither compare, and --confirm draws anew.
  const again = await cli(
    ["promote", ...ids, "--selection-runs", "3", "--because", "three choose"],
    { cwd },
  );
  assertEquals(again.code, 0, again.stderr);
  const plain = CompareDocumentSchema.parse(
    JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
  );
  assertEquals(plain.confirmation ?? null, null);
  const redrawn = CompareDocumentSchema.parse(JSON.parse(
    (await cli(["compare", "--confirm", "--json"], { cwd, env: { [SEED_VARIABLE]: "100" } }))
      .stdout,
  ));
  ok(redrawn.confirmation !== confirmation.confirmation_id, String(redrawn.confirmation));
  const stored = [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".json"))
    .map((e) => JSON.parse(Deno.readTextFileSync(join(dir, e.name))))
    .find((c) => c.confirmation_id === redrawn.confirmation);
  assertEquals(stored.plan.selection_runs, ids.slice(5));
  assertEquals(stored.plan.noisy, []);
});
