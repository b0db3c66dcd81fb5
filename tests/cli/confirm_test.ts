import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import {
  CompareDocumentSchema,
  RunListSchema,
  VerifyDocumentSchema,
} from "../../core/documents/mod.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

/** A baseline of two clean runs, then a run where case "one" fails. */
async function failedOnce(suite = SMALL_SUITE): Promise<string> {
  const cwd = await workspace({ "suite.toml": suite, "system.ts": smallSystem() });
  for (let i = 0; i < 2; i++) assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const list = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
  const ids = list.runs.map((r: { run_id: string }) => r.run_id);
  assertEquals((await cli(["promote", ...ids, "--because", "two runs"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1] }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  return cwd;
}

Deno.test("compare --confirm: a stable check that passes again is unconfirmed, and exit 0", async () => {
  const cwd = await failedOnce();
  // The flake is gone when the confirmation draws are made.
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem());
  const plain = await cli(["compare"], { cwd });
  assertEquals(plain.code, 0, "against two runs one stable flip is reported, not gated");
  const confirmed = await cli(["compare", "--confirm", "--json"], { cwd });
  assertEquals(confirmed.code, 0, confirmed.stderr);
  const document = CompareDocumentSchema.parse(JSON.parse(confirmed.stdout));
  const fact = document.facts.find((f) => f.case_id === "one" && f.assertion === "correct");
  assertEquals(fact?.kind, "unconfirmed");
  assertEquals(fact?.confirmation?.outcome, "dismissed");
  ok(typeof document.confirmation === "string");
  assertEquals(document.flips?.stable, ["one"]);
  // The draws are stored: compare and explain now judge with them, and verify re-derives it.
  assertEquals((await cli(["compare"], { cwd })).code, 0);
  const explain = await cli(["explain"], { cwd });
  match(explain.stdout, /^unconfirmed {2}one · correct {2}pass → fail/m);
  await Deno.writeTextFile(join(cwd, "saved.json"), confirmed.stdout);
  const verify = VerifyDocumentSchema.parse(
    JSON.parse((await cli(["verify", "saved.json", "--json"], { cwd })).stdout),
  );
  assertEquals(verify.broken, []);
});

Deno.test("compare --confirm: a stable check that keeps failing is a confirmed regression", async () => {
  const cwd = await failedOnce();
  const result = await cli(["compare", "--confirm"], { cwd });
  assertEquals(result.code, 1, result.stderr);
  match(result.stdout, /1 regression in 1 case, pass → fail: one · correct/);
  match(result.stderr, /confirm: round 1 drew 1 case again/);
  const document = CompareDocumentSchema.parse(
    JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
  );
  const fact = document.causes.find((f) => f.kind === "regression");
  // Two baseline runs can not bound the family: k is confirm_draws, ten failures in a row.
  assertEquals(fact?.confirmation, { outcome: "confirmed", pass: 0, fail: 10, error: 0 });
  assertEquals(document.confirm?.k, 10);
  assertEquals(document.confirm?.budget_ended, false);
  assertEquals(document.confirm?.spent_calls, 10);
});

Deno.test("compare --confirm within [gate] max_extra_calls: the budget ends the draws, the break stays undecided and the reading says so", async () => {
  const cwd = await failedOnce(SMALL_SUITE.replace(
    "[[aggregates]]",
    "[gate]\nmax_extra_calls = 3\n\n[[aggregates]]",
  ));
  const result = await cli(["compare", "--confirm"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  match(result.stdout, /the budget of 3 extra calls ended the draws, not the evidence/);
  const document = CompareDocumentSchema.parse(
    JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
  );
  assertEquals(document.confirm?.spent_calls, 3);
  assertEquals(document.confirm?.budget_ended, true);
  const fact = document.facts.find((f) => f.case_id === "one" && f.assertion === "correct");
  assertEquals(fact?.kind, "unconfirmed");
  assertEquals(fact?.confirmation?.outcome, "undecided");
});

Deno.test("[gate] max_extra_calls must be a whole number of calls, or the suite is refused", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE.replace(
      "[[aggregates]]",
      "[gate]\nmax_extra_calls = -1\n\n[[aggregates]]",
    ),
    "system.ts": smallSystem(),
  });
  const result = await cli(["run", "suite.toml"], { cwd });
  assertEquals(result.code, 64);
  match(result.stderr, /suite\.toml/);
  match(result.stderr, /max_extra_calls/);
});

Deno.test("compare --confirm refuses when the suite changed since the run", async () => {
  const cwd = await failedOnce();
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    SMALL_SUITE.replace('value = "a"', 'value = "b"'),
  );
  const result = await cli(["compare", "--confirm"], { cwd });
  assertEquals(result.code, 64);
  match(result.stderr, /Cannot confirm run .*: the suite at suite\.toml no longer has the cases/);
});

Deno.test("view states the baseline's runs and the smallest drop it can detect", async () => {
  const cwd = await failedOnce();
  const text = await cli(["view"], { cwd });
  assertEquals(text.code, 0);
  match(text.stdout, /\* baseline \S+, measured over 2 runs/);
  // Each mode's drop at the alpha its test uses: half for one run (the count of stable flips has
  // the other half); with --confirm nine tenths (the confirmations have a tenth), at 0.8 of that
  // for the normal approximation's excess (ADR 0034).
  match(
    text.stdout,
    /minimum detectable drop of accuracy \(power 0\.9\): \d\.\d{4} with one run \(alpha 0\.005\); \d\.\d{4} with --confirm \(alpha 0\.0072;/,
  );
  const document = RunListSchema.parse(JSON.parse((await cli(["view", "--json"], { cwd })).stdout));
  assertEquals(document.baseline?.runs.length, 2);
  ok((document.baseline?.min_detectable_drop?.one_run ?? 0) > 0);
});
