/**
 * Runs one of the operator's four scenarios end to end, exactly as a scheduler would: a fresh
 * workspace in .operator-demo/<scenario>/, a baseline of eight runs approved with the CLI (with
 * eight, --confirm's k for its 30 checks is 6, within the operator's max_reruns; ADR 0092), the
 * system switched to the scenario's behaviour, then one `operator cycle` launched with the
 * operator task's own flags from deno.json. Prints what the cycle found and decided, and exits 0
 * when the classification is the scenario's.
 *
 *   deno task operator:scenario steady|wobble|drift|structural [--policy] [--json]
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { taskFlags } from "../../tools/task_flags.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

/** The classification each scenario must reach. */
export const EXPECTED: Record<string, string> = {
  steady: "steady",
  wobble: "wobble",
  drift: "drift",
  structural: "structural",
};

async function spawn(
  cwd: string,
  options: { task: string; entry: string; args: string[] },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      join(root, "deno.json"),
      ...taskFlags(options.task, options.entry),
      join(root, options.entry),
      ...options.args,
    ],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
}

/** Copies a folder and everything under it. */
async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (entry.isDirectory) await copyTree(join(from, entry.name), join(to, entry.name));
    else await Deno.copyFile(join(from, entry.name), join(to, entry.name));
  }
}

/**
 * Sets up a scenario's workspace and approves its baseline; returns the workspace. With
 * `baseline`, a workspace this function prepared before, its store is copied instead: the same
 * approved baseline without the runs that approve it, as the baseline never depends on the
 * scenario or the policy.
 */
export async function prepareScenario(
  scenario: string,
  options: { policy: boolean; workspace: string; baseline?: string },
): Promise<string> {
  const dir = options.workspace;
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(dir, { recursive: true });
  for (const file of ["suite.toml", "system.ts"]) {
    await Deno.copyFile(join(here, file), join(dir, file));
  }
  const config = await Deno.readTextFile(join(here, "operator.toml"));
  const policy = options.policy ? await Deno.readTextFile(join(here, "policy.toml")) : "";
  await Deno.writeTextFile(join(dir, "operator.toml"), config + policy);
  if (options.baseline !== undefined) {
    await copyTree(join(options.baseline, ".digline"), join(dir, ".digline"));
    await Deno.writeTextFile(join(dir, "mode.json"), JSON.stringify({ mode: scenario }));
    return dir;
  }
  await Deno.writeTextFile(join(dir, "mode.json"), JSON.stringify({ mode: "baseline" }));
  for (
    const args of [["run", "suite.toml"], [
      "promote",
      "latest",
      "--repeats",
      "8",
      "--by",
      "scenario",
      "--because",
      "the approved behaviour",
    ]]
  ) {
    const result = await spawn(dir, { task: "digline", entry: "cli/main.ts", args });
    if (result.code !== 0) {
      throw new Error(`digline ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
    }
  }
  await Deno.writeTextFile(join(dir, "mode.json"), JSON.stringify({ mode: scenario }));
  return dir;
}

/** Runs one operator cycle in a prepared workspace with the operator task's flags. */
export async function runOperator(dir: string, args: string[]) {
  return await spawn(dir, { task: "operator", entry: "operator/main.ts", args });
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: {
      policy: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  });
  const scenario = positionals[0];
  if (!(scenario in EXPECTED)) {
    console.error(
      `usage: deno task operator:scenario ${Object.keys(EXPECTED).join("|")} [--policy]`,
    );
    Deno.exit(64);
  }
  const dir = await prepareScenario(scenario, {
    policy: values.policy,
    workspace: join(root, ".operator-demo", scenario + (values.policy ? "-policy" : "")),
  });
  const result = await runOperator(dir, ["cycle", "--json"]);
  if (result.code !== 0 && result.code !== 1) {
    console.error(result.stderr);
    Deno.exit(result.code);
  }
  const { cycle, decision, paths } = JSON.parse(result.stdout);
  if (values.json) console.log(result.stdout);
  else {
    console.log(`scenario ${scenario}${values.policy ? " (with the example policy)" : ""}`);
    console.log(
      `  classified ${cycle.classification} after ${cycle.reruns_used} rerun rounds, ${cycle.calls} of ${cycle.budget} target calls`,
    );
    for (const p of cycle.probe) console.log(`  probe ${p.wall}: ${p.outcome}`);
    console.log(
      `  decision: ${decision.escalate ? "WAKE" : "hold"} (${
        decision.clause ?? "no clause"
      }) — ${decision.reason}`,
    );
    console.log(`  operator exited ${result.code}; alert: ${paths.alert}`);
  }
  Deno.exit(cycle.classification === EXPECTED[scenario] ? 0 : 1);
}
