import {
  deepStrictEqual as assertEquals,
  equal,
  match,
  notEqual,
  rejects,
} from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadSuite } from "../../../host/suite_loader/mod.ts";
import { accuracySuite } from "../../support/suite_toml.ts";

const MOD = pathToFileURL(join(Deno.cwd(), "mod.ts")).href;

const BASE = accuracySuite("gated", {
  target: "",
  rest: `
[[aggregates]]
name = "recall"
kind = "recall"
over = "correct"
positive = "yes"

[[cases]]
id = "a"
expected = "x"
`,
});

async function load(toml: string, file = "suite.toml") {
  const dir = await Deno.makeTempDir({ prefix: "digline-gate-" });
  await Deno.writeTextFile(join(dir, file), toml);
  await Deno.writeTextFile(join(dir, "system.ts"), "export default () => 'x';\n");
  return (await loadSuite(file, { cwd: dir })).suite;
}

Deno.test("a suite without [gate] gates on its first accuracy at 1%, and its hash is as before", async () => {
  const suite = await load(BASE);
  assertEquals(suite.gate, {
    alpha: 0.01,
    power: 0.9,
    noisy_draws: 2,
    confirm_draws: 10,
    min_change: 0.01,
    primary: "accuracy",
  });
  // Writing the defaults out, or marking the first accuracy primary, does not move the hash.
  const written = await load(
    BASE.replace('over = "correct"\n', 'over = "correct"\nprimary = true\n') +
      "\n[gate]\nalpha = 0.01\npower = 0.9\n",
  );
  equal(written.config_hash, suite.config_hash);
});

Deno.test("[gate] and primary parse, and a changed rule moves config_hash", async () => {
  const base = await load(BASE);
  const stricter = await load(BASE + "\n[gate]\nalpha = 0.005\nnoisy_draws = 3\n");
  assertEquals([stricter.gate.alpha, stricter.gate.noisy_draws], [0.005, 3]);
  notEqual(stricter.config_hash, base.config_hash);
  const recall = await load(BASE.replace('positive = "yes"', 'positive = "yes"\nprimary = true'));
  equal(recall.gate.primary, "recall");
  notEqual(recall.config_hash, base.config_hash);
});

Deno.test("two primary aggregates, a primary precision and an unknown [gate] key are refused", async () => {
  const twice = BASE.replace(/over = "correct"\n/g, 'over = "correct"\nprimary = true\n');
  await rejects(load(twice), /only one aggregate can be primary/);
  const precision = BASE.replace('kind = "recall"', 'kind = "precision"')
    .replace('positive = "yes"', 'positive = "yes"\nprimary = true');
  await rejects(load(precision), /a precision figure can not gate/);
  await rejects(load(BASE + "\n[gate]\nalfa = 0.05\n"), (error: Error) => {
    match(error.message, /alfa/);
    return true;
  });
});

Deno.test("the code form takes the same gate", async () => {
  const suite = await load(
    `import { defineSuite, equals } from "${MOD}";
export const suite = defineSuite({
  name: "gated",
  target: () => "x",
  assertions: [equals({ name: "correct" })],
  aggregates: [
    { name: "accuracy", kind: "accuracy", over: "correct" },
    { name: "mean", kind: "mean", over: "correct", primary: true, higher_is_better: true },
  ],
  gate: { alpha: 0.02 },
  cases: [{ id: "a", expected: "x" }],
});
`,
    "suite.ts",
  );
  assertEquals([suite.gate.primary, suite.gate.alpha, suite.gate.power], ["mean", 0.02, 0.9]);
});
