import { deepStrictEqual as assertEquals, match, notDeepStrictEqual } from "node:assert/strict";
import { join } from "node:path";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, workspace } from "./_cli.ts";

function suite(check = "", third = "3"): string {
  return `
name = "graded"

[target]
module = "system.ts"
export = "answer"
retries = 0

[[assertions]]
name = "correct"
kind = "equals"
${check}

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"

[[cases]]
id = "one"
vars = { n = 1 }
expected = "a1"

[[cases]]
id = "two"
vars = { n = 2 }
expected = "a2"

[[cases]]
id = "three"
vars = { n = ${third} }
expected = "a3"
`;
}

/** Shouts case two ("A2"). */
const SYSTEM = `export function answer(vars) {
  return vars.n === 2 ? "A2" : "a" + vars.n;
}
`;

/** A system that can not answer: were it called, every check would error. */
const DOWN = `export function answer() { throw new Error("system down"); }\n`;

async function takeDown(cwd: string): Promise<void> {
  await Deno.writeTextFile(join(cwd, "system.ts"), DOWN);
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
