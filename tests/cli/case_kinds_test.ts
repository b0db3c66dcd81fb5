import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, workspace } from "./_cli.ts";
import { accuracySuite } from "../support/suite_toml.ts";

const SUITE = accuracySuite("kinds", {
  rest: `
[[assertions]]
name = "judge-ok"
kind = "regex"
pattern = "^ok"

[[cases]]
id = "n1"
vars = { q = "n1" }
expected = "ok n1"

[[cases]]
id = "which-model"
kind = "canary"
vars = { q = "model" }
expected = "ok model-v1"

[[cases]]
id = "instrument"
kind = "calibration"
check = "judge-ok"
vars = { q = "instrument" }

[[cases]]
id = "later"
kind = "suspended"
reason = "the upstream API is being migrated"
vars = { q = "later" }
`,
});

function system(options: { model: string; instrument: string }): string {
  return `export function answer(vars) {
  if (vars.q === "later") throw new Error("a suspended case must never be called");
  if (vars.q === "model") return "ok ${options.model}";
  if (vars.q === "instrument") return ${JSON.stringify(options.instrument)};
  return "ok " + vars.q;
}
`;
}

async function approved(): Promise<string> {
  const cwd = await workspace({
    "suite.toml": SUITE,
    "system.ts": system({ model: "model-v1", instrument: "ok" }),
  });
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  const summary = RunSummarySchema.parse(JSON.parse(run.stdout));
  assertEquals(summary.suspended, ["later"]);
  assertEquals(summary.checks.pass, [
    "n1 · correct",
    "n1 · judge-ok",
    "which-model · correct",
    "which-model · judge-ok",
    "instrument · judge-ok",
  ]);
  const accuracy = summary.figures[0];
  assertEquals(accuracy.counted, ["n1"]);
  assertEquals(accuracy.exclusions.canary, ["which-model"]);
  assertEquals(accuracy.exclusions.calibration, ["instrument"]);
  assertEquals(accuracy.exclusions.suspended, ["later"]);
  assertEquals((await cli(["promote", "latest", "--because", "t"], { cwd })).code, 0);
  return cwd;
}

Deno.test("a canary whose verdict moved comes first in the headline", async () => {
  const cwd = await approved();
  await Deno.writeTextFile(
    join(cwd, "system.ts"),
    system({ model: "model-v2", instrument: "ok" }),
  );
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 1);
  match(result.stdout, /^WORSE \(exit 1\): canary moved: which-model · correct pass → fail/);
});

Deno.test("a calibration that comes back wrong makes the run unjudgeable (2)", async () => {
  const cwd = await approved();
  await Deno.writeTextFile(
    join(cwd, "system.ts"),
    system({ model: "model-v1", instrument: "not ok" }),
  );
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 2);
  match(
    result.stdout,
    /^COULD NOT BE JUDGED \(exit 2\): calibration lost: instrument · judge-ok pass → fail/,
  );
});
