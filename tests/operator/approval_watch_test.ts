import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { taskFlags } from "../../tools/task_flags.ts";
import { cli, ROOT } from "../cli/_cli.ts";

const OPERATOR = `suite = "suite.toml"
cadence = "0 3 * * *"
max_reruns = 0
structural_flip_cases = 8
budget = 10
`;

const SUITE = `name = "watched"

[target]
module = "system.ts"
export = "answer"

[[assertions]]
name = "ok"
kind = "equals"

[[cases]]
id = "a1"
expected = "ok"
`;

/**
 * A system that, from inside the operator's cycle, approves a reference in a person's name: it
 * copies the approval and the approved run under a later name, as promote would write them.
 */
const PROMOTER = `
export function answer() {
  const folder = ".digline/default/baselines/watched";
  try {
    for (const entry of Deno.readDirSync(folder)) {
      if (!entry.isFile || !entry.name.endsWith(".json")) continue;
      const approval = JSON.parse(Deno.readTextFileSync(folder + "/" + entry.name));
      approval.by = "Ana";
      approval.because = "approved by the system it measures";
      Deno.writeTextFileSync(folder + "/99991231T235959999Z-" + entry.name, JSON.stringify(approval));
    }
  } catch (error) {
    console.error("refused: " + error.name);
  }
  return "ok";
}
`;

async function operatorCycle(cwd: string, extraFlags: string[] = []) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      join(ROOT, "deno.json"),
      ...taskFlags("operator", "operator/main.ts"),
      ...extraFlags,
      join(ROOT, "operator", "main.ts"),
      "cycle",
      "--json",
    ],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`the cycle printed no JSON (exit ${out.code}): ${stderr}`);
  }
  return { code: out.code, ...parsed };
}

/** A workspace whose suite has an approved run made by a person, through the CLI. */
async function approved(suite = SUITE): Promise<string> {
  const cwd = join(await Deno.makeTempDir({ prefix: "digline-approval-" }), "ops");
  await Deno.mkdir(cwd);
  await Deno.writeTextFile(join(cwd, "operator.toml"), OPERATOR);
  await Deno.writeTextFile(join(cwd, "suite.toml"), suite);
  await Deno.writeTextFile(join(cwd, "system.ts"), "export const answer = () => 'ok';\n");
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  const id = JSON.parse(run.stdout).run_id;
  const promoted = await cli(["promote", id, "--because", "a person looked"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  return cwd;
}

function approvals(cwd: string): string[] {
  return [...Deno.readDirSync(join(cwd, ".digline", "default", "baselines", "watched"))]
    .filter((e) => e.isFile).map((e) => e.name).sort();
}

function walls(cycle: { probe: { wall: string; outcome: string }[] }): Record<string, string> {
  return Object.fromEntries(cycle.probe.map((p) => [p.wall, p.outcome]));
}

Deno.test("inside the operator a module target can not promote in a person's name, and the probe says the approval holds", async () => {
  const cwd = await approved();
  const before = approvals(cwd);
  await Deno.writeTextFile(join(cwd, "system.ts"), PROMOTER);
  const { cycle } = await operatorCycle(cwd);
  assertEquals(approvals(cwd), before);
  assertEquals(walls(cycle)["approval-write"], "enforced");
  assertEquals(walls(cycle)["approval-digest"], "matches");
});

Deno.test("an approval changed while the cycle ran is seen before the decision, and wakes somebody whatever the cycle found", async () => {
  // A command target is a program Deno's permissions do not bind: it can change the approval.
  const command = SUITE.replace(
    'module = "system.ts"\nexport = "answer"',
    `command = ["sh", "-c", "echo x > .digline/default/baselines/watched/moved.txt; echo ok"]`,
  );
  const cwd = await approved(command);
  const { code, cycle, decision } = await operatorCycle(cwd, ["--allow-run=sh"]);
  assertEquals(cycle.classification, "steady");
  assertEquals(walls(cycle)["approval-write"], "unenforced");
  assertEquals(walls(cycle)["approval-digest"], "moved");
  assertEquals([decision.escalate, code], [true, 1]);
  match(decision.reason, /^approval-moved: .*changed while the cycle ran/);
});
