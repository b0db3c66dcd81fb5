import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { prepareScenario, runOperator } from "../../examples/operator/scenario.ts";

// Rerun rounds under --confirm's two stages (ADR 0034): wobble's figure is clear on the run
// alone, so only its failed stable checks are drawn: twice, since the reruns ask the system in a
// Worker of their own whose first answer is wrong again (ADR 0083); a break is drawn one check at
// a time to k, up to the operator's max_reruns.
const EXPECTED = {
  steady: { reruns: 0, exit: 0 },
  wobble: { reruns: 2, exit: 0 },
  drift: { reruns: 6, exit: 1 },
  structural: { reruns: 6, exit: 1 },
} as const;

let approved: Promise<string> | undefined;

/**
 * One approved baseline for the whole file, approved as the example approves it: it depends on
 * neither the scenario nor the policy, so each test copies its store rather than approving anew.
 */
function baseline(): Promise<string> {
  approved ??= Deno.makeTempDir({ prefix: "digline-operator-" }).then((parent) =>
    prepareScenario("steady", { policy: false, workspace: join(parent, "baseline") })
  );
  return approved;
}

async function cycleOf(scenario: keyof typeof EXPECTED, policy: boolean) {
  const parent = await Deno.makeTempDir({ prefix: "digline-operator-" });
  const dir = await prepareScenario(scenario, {
    policy,
    workspace: join(parent, scenario),
    baseline: await baseline(),
  });
  const result = await runOperator(dir, ["cycle", "--json"]);
  return { dir, code: result.code, ...JSON.parse(result.stdout) };
}

const cycles = new Map<string, ReturnType<typeof cycleOf>>();

/**
 * A scenario's workspace after its one cycle, cycled once per file: the scenario's own test reads
 * it, and a test that goes on to change it works on a copy (`copied`).
 */
function cycled(scenario: keyof typeof EXPECTED, policy: boolean): ReturnType<typeof cycleOf> {
  const key = `${scenario}${policy ? "+policy" : ""}`;
  let cycle = cycles.get(key);
  if (cycle === undefined) {
    cycle = cycleOf(scenario, policy);
    cycles.set(key, cycle);
  }
  return cycle;
}

/** A copy of a workspace, in a folder of its own, for a test that changes it. */
async function copied(dir: string): Promise<string> {
  const copy = join(await Deno.makeTempDir({ prefix: "digline-operator-" }), "copy");
  const out = await new Deno.Command("cp", { args: ["-a", dir, copy] }).output();
  ok(out.success, new TextDecoder().decode(out.stderr));
  return copy;
}

for (const scenario of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[]) {
  Deno.test(`the ${scenario} scenario classifies as ${scenario}, with the same reruns and walls with or without a policy`, async () => {
    for (const policy of [false, true]) {
      const { cycle, decision, code } = await cycled(scenario, policy);
      const label = `${scenario}${policy ? " with a policy" : ""}`;
      assertEquals(cycle.classification, scenario, label);
      assertEquals(cycle.reruns_used, EXPECTED[scenario].reruns, label);
      assertEquals(
        Object.fromEntries(
          cycle.probe.map((p: { wall: string; outcome: string }) => [p.wall, p.outcome]),
        ),
        {
          "mcp-promote": "intact",
          // A workspace its own user owns: Deno's flags hold, the OS would not (see walls_test.ts).
          "policy-write": "inconclusive",
          "cycle-write": "written",
          "policy-digest": "matches",
          "approval-write": "enforced",
          "approval-digest": "matches",
        },
        label,
      );
      ok(
        cycle.calls <= cycle.budget,
        `${label}: ${cycle.calls} calls over a budget of ${cycle.budget}`,
      );
      const held = policy && scenario === "drift";
      assertEquals(decision.escalate, EXPECTED[scenario].exit === 1 && !held, label);
      assertEquals(code, decision.escalate ? 1 : 0, label);
      assertEquals(decision.clause, held ? "known-flaky-q07" : null, label);
    }
  });
}

Deno.test("a hold is journaled with its clause, and a person's answer is recorded beside it", async () => {
  const held = await cycled("drift", true);
  const { decision } = held;
  const dir = await copied(held.dir);
  assertEquals(decision.clause, "known-flaky-q07");
  const journal = join(dir, ".digline", "default", "decisions", "operator-example.jsonl");
  const [line] = (await Deno.readTextFile(journal)).trim().split("\n").map((l) => JSON.parse(l));
  assertEquals([line.entry, line.clause, line.escalate, line.facts], [
    "decision",
    "known-flaky-q07",
    false,
    ["q07 · correct"],
  ]);
  const labelled = await runOperator(dir, ["label", "1", "--wanted", "no"]);
  assertEquals(labelled.code, 0, labelled.stderr);
  const lines = (await Deno.readTextFile(journal)).trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(lines.length, 2);
  assertEquals([lines[1].entry, lines[1].line, lines[1].wanted], ["label", 1, "no"]);
  const wrong = await runOperator(dir, ["label", "2", "--wanted", "no"]);
  assertEquals(wrong.code, 64);
});

Deno.test("a policy edited between the cycle and the decision is not consulted: policy-moved", async () => {
  const dir = await copied((await cycled("drift", true)).dir);
  const config = join(dir, "operator.toml");
  const cycleFile = join(dir, ".digline", "default", "operator", "operator-example", "cycle.json");
  // A person (not the operator) edits the policy after the cycle was written.
  await Deno.writeTextFile(
    config,
    (await Deno.readTextFile(config)).replace("max_cycles = 3", "max_cycles = 9"),
  );
  const result = await runOperator(dir, ["decide", "--cycle", cycleFile, "--json"]);
  const decision = JSON.parse(result.stdout);
  assertEquals([decision.escalate, decision.clause, decision.policy_moved], [true, null, true]);
  match(decision.reason, /^policy-moved: /);
});

Deno.test("an operator.toml clause that names payload is refused at load, naming the key", async () => {
  const parent = await Deno.makeTempDir({ prefix: "digline-operator-" });
  const dir = await prepareScenario("steady", {
    policy: true,
    workspace: join(parent, "steady"),
    baseline: await baseline(),
  });
  const config = join(dir, "operator.toml");
  await Deno.writeTextFile(
    config,
    (await Deno.readTextFile(config)).replace('case = "q07"', 'case = "q07"\nvars = "n = 7"'),
  );
  const result = await runOperator(dir, ["cycle"]);
  assertEquals(result.code, 64);
  match(result.stderr, /operator\.toml:\d+:\d+: .*"vars" would name a case's vars/);
});

Deno.test("a cycle never spends more target calls than its budget, and a break it could not settle still wakes", async () => {
  const parent = await Deno.makeTempDir({ prefix: "digline-operator-" });
  const dir = await prepareScenario("drift", {
    policy: false,
    workspace: join(parent, "drift"),
    baseline: await baseline(),
  });
  const config = join(dir, "operator.toml");
  await Deno.writeTextFile(
    config,
    (await Deno.readTextFile(config)).replace("budget = 120", "budget = 33"),
  );
  const result = await runOperator(dir, ["cycle", "--json"]);
  const { cycle, decision } = JSON.parse(result.stdout);
  assertEquals(cycle.calls, 33);
  assertEquals(cycle.reruns_used, 3);
  assertEquals(cycle.classification, "drift", "reruns that ran out undecided never excuse a break");
  assertEquals(decision.escalate, true);
});

Deno.test("a budget that can not pay for one run is refused before any call", async () => {
  const parent = await Deno.makeTempDir({ prefix: "digline-operator-" });
  const dir = await prepareScenario("steady", {
    policy: false,
    workspace: join(parent, "steady"),
    baseline: await baseline(),
  });
  const config = join(dir, "operator.toml");
  await Deno.writeTextFile(
    config,
    (await Deno.readTextFile(config)).replace("budget = 120", "budget = 10"),
  );
  const result = await runOperator(dir, ["cycle"]);
  assertEquals(result.code, 64);
  match(result.stderr, /a budget of 10 target calls can not pay for one run/);
});

Deno.test("a cycle whose checks errored says why in its alert and its journal line, grouped by cause", async () => {
  const parent = await Deno.makeTempDir({ prefix: "digline-operator-" });
  const dir = await prepareScenario("steady", {
    policy: false,
    workspace: join(parent, "down"),
    baseline: await baseline(),
  });
  await Deno.writeTextFile(
    join(dir, "system.ts"),
    `export function answer(vars: { n: number }): string {
  if (vars.n % 2 === 0) throw new Error("database unavailable");
  return "answer " + vars.n;
}
`,
  );
  const result = await runOperator(dir, ["cycle", "--json"]);
  const { cycle, paths } = JSON.parse(result.stdout);
  assertEquals(cycle.classification, "system-error");
  assertEquals(cycle.errored_causes.length, 1, cycle.errored_causes.join("\n"));
  match(cycle.errored_causes[0], /^15 checks errored: .*database unavailable$/);
  const alert = await Deno.readTextFile(paths.alert);
  ok(alert.includes(`  - ${cycle.errored_causes[0]}\n`), alert);
  const journal = join(dir, ".digline", "default", "decisions", "operator-example.jsonl");
  const [line] = (await Deno.readTextFile(journal)).trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(line.errored_causes, cycle.errored_causes);
});

Deno.test("a redacting suite's errored causes reach the operator's alert and journal by digest only", async () => {
  const parent = await Deno.makeTempDir({ prefix: "digline-operator-" });
  const dir = await prepareScenario("steady", {
    policy: false,
    workspace: join(parent, "private"),
    baseline: await baseline(),
  });
  await Deno.writeTextFile(
    join(dir, "system.ts"),
    `export function answer(vars: { n: number }): string {
  if (vars.n % 2 === 0) throw new Error("no account for Zelda Quillfeather");
  return "answer " + vars.n;
}
`,
  );
  const suite = join(dir, "suite.toml");
  await Deno.writeTextFile(
    suite,
    (await Deno.readTextFile(suite)) + '\n[report]\nredact = ["outputs"]\n',
  );
  const result = await runOperator(dir, ["cycle", "--json"]);
  const { cycle, paths } = JSON.parse(result.stdout);
  assertEquals(cycle.classification, "system-error");
  assertEquals(cycle.errored_causes.length, 1, cycle.errored_causes.join("\n"));
  match(cycle.errored_causes[0], /^15 checks errored: sha256:[0-9a-f]{12}$/);
  const alert = await Deno.readTextFile(paths.alert);
  ok(alert.includes(`  - ${cycle.errored_causes[0]}\n`), alert);
  const journal = await Deno.readTextFile(
    join(dir, ".digline", "default", "decisions", "operator-example.jsonl"),
  );
  for (const text of [result.stdout, result.stderr, alert, journal]) {
    ok(!text.includes("Quillfeather"), text);
  }
});
