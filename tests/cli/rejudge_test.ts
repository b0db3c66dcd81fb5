import { deepStrictEqual as assertEquals, match, notDeepStrictEqual } from "node:assert/strict";
import { join } from "node:path";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, workspace } from "./_cli.ts";
import { DOWN_SYSTEM, rulesSuite, shoutingSystem } from "./_rules_suite.ts";

/** The rules suite under its own name; `check` adds keys to the check, `third` is case three's n. */
function suite(check = "", third = "3"): string {
  return rulesSuite({ check, extra: third }, "graded");
}

/** Shouts case two ("A2"). */
const SYSTEM = shoutingSystem([2]);

async function takeDown(cwd: string): Promise<void> {
  await Deno.writeTextFile(join(cwd, "system.ts"), DOWN_SYSTEM);
}

Deno.test("rejudge grades a stored run again under the current checks without calling the target", async () => {
  const cwd = await workspace({ "suite.toml": suite(), "system.ts": SYSTEM });
  const first = RunSummarySchema.parse(
    JSON.parse((await cli(["run", "suite.toml", "--json"], { cwd })).stdout),
  );
  assertEquals(first.checks.fail, ["two · correct"]);
  await takeDown(cwd);
  await Deno.writeTextFile(join(cwd, "suite.toml"), suite("ignore_case = true"));
  const result = await cli(["rejudge", first.run_id, "--json"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  const again = RunSummarySchema.parse(JSON.parse(result.stdout));
  assertEquals(again.checks.error, [], "the target was not called");
  assertEquals(again.rejudged_from, first.run_id);
  notDeepStrictEqual(again.run_id, first.run_id);
  notDeepStrictEqual(again.config_hash, first.config_hash);
  assertEquals(again.checks.fail, []);
  assertEquals(again.checks.pass.length, 3);
  // The re-graded run can be approved like any other.
  const promoted = await cli(["promote", again.run_id, "--because", "case-blind from now"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  const text = await cli(["rejudge", first.run_id], { cwd });
  match(
    text.stdout,
    new RegExp(
      `re-graded run ${first.run_id} under cases \\w+, config \\w+; the target was not called`,
    ),
  );
});

Deno.test("rejudge leaves out a case whose vars changed: its stored output answered another question", async () => {
  const cwd = await workspace({ "suite.toml": suite(), "system.ts": SYSTEM });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  await takeDown(cwd);
  await Deno.writeTextFile(join(cwd, "suite.toml"), suite("", "30"));
  const result = await cli(["rejudge", "latest", "--json"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  const again = RunSummarySchema.parse(JSON.parse(result.stdout));
  assertEquals(again.cases, ["one", "two"]);
  assertEquals(again.checks.error, []);
});

Deno.test("rejudge refuses a run made with repeats in one line (64), naming the run to make instead", async () => {
  const cwd = await workspace({
    "suite.toml": rulesSuite({ repeats: 3 }, "graded"),
    "system.ts": SYSTEM,
  });
  const first = RunSummarySchema.parse(
    JSON.parse((await cli(["run", "suite.toml", "--json"], { cwd })).stdout),
  );
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    rulesSuite({ repeats: 3, check: "ignore_case = true" }, "graded"),
  );
  const result = await cli(["rejudge", first.run_id], { cwd });
  assertEquals(result.code, 64, result.stderr);
  assertEquals(result.stderr.trim().split("\n").length, 1, result.stderr);
  match(
    result.stderr,
    new RegExp(
      `Cannot rejudge run ${first.run_id}: its cases were asked several times .*; run the suite again under the current checks \\(digline run .*suite\\.toml\\) and have a person promote that run`,
    ),
  );
  const runs = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs;
  assertEquals(runs.length, 1, "nothing was stored");
});
