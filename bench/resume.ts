/**
 * Kills a real `digline run` at 20 random moments (SIGKILL), resumes each with `run --resume`,
 * and counts what a kill cost: cases lost or duplicated in the stored run (goal: 0 and 0), and
 * target calls made twice (goal: at most the cases in flight at the kill, never more than the
 * concurrency).
 *
 * deno task bench:resume [--trials 20] [--cases 60] [--concurrency 4] [--seed 7] [--json]
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { taskFlags } from "../tools/task_flags.ts";
import { seededRandom } from "./_seeded_random.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  args: Deno.args,
  options: {
    trials: { type: "string", default: "20" },
    cases: { type: "string", default: "60" },
    concurrency: { type: "string", default: "4" },
    seed: { type: "string", default: "7" },
    json: { type: "boolean", default: false },
  },
});
const TRIALS = Number(values.trials);
const CASES = Number(values.cases);
const CONCURRENCY = Number(values.concurrency);
const CALL_SECONDS = 0.08;

function suiteText(): string {
  const cases = Array.from(
    { length: CASES },
    (_, i) => `[[cases]]\nid = "c${i}"\nvars = { n = ${i} }\nexpected = "${i}"\n`,
  ).join("\n");
  return `name = "killed"
[target]
command = ["sh", "-c", "v=$(cat); echo \\"$v\\" >> calls.log; sleep ${CALL_SECONDS}; echo \\"$v\\" | tr -dc 0-9"]
concurrency = ${CONCURRENCY}
retries = 0
[[assertions]]
name = "echoes"
kind = "equals"
${cases}`;
}

function cliArgs(args: string[]): string[] {
  const flags = taskFlags("digline", "cli/main.ts");
  return ["run", "--config", join(root, "deno.json"), ...flags, join(root, "cli/main.ts"), ...args];
}

function calls(dir: string): string[] {
  let text = "";
  try {
    text = Deno.readTextFileSync(join(dir, "calls.log"));
  } catch {
    // No call was made before the kill.
  }
  return text.split("\n").filter((l) => l !== "").map((l) => `c${JSON.parse(l).n}`);
}

interface Trial {
  kill_after_ms: number;
  calls_before_kill: number;
  journaled: number;
  lost: number;
  duplicated: number;
  repeated_calls: number;
}

async function trial(killAfterMs: number): Promise<Trial | "finished"> {
  const dir = await Deno.makeTempDir({ prefix: "digline-resume-" });
  await Deno.writeTextFile(join(dir, "suite.toml"), suiteText());
  const child = new Deno.Command(Deno.execPath(), {
    args: cliArgs(["run", "suite.toml"]),
    cwd: dir,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const finished = await Promise.race([
    child.status.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), killAfterMs)),
  ]);
  if (finished) {
    await Deno.remove(dir, { recursive: true });
    return "finished";
  }
  child.kill("SIGKILL");
  await child.status;
  // Calls already started finish in orphaned shells; let them land so the count is fair.
  await new Promise((resolve) => setTimeout(resolve, CALL_SECONDS * 1000 + 50));
  const before = calls(dir);
  const workFile = join(dir, ".digline", "default", "work", "killed.jsonl");
  let journaled = 0;
  try {
    journaled = Deno.readTextFileSync(workFile).split("\n").slice(1).filter((l) => l.endsWith("}"))
      .length;
  } catch {
    // Killed before the journal existed: the resume runs everything.
  }
  const resumed = await new Deno.Command(Deno.execPath(), {
    args: cliArgs(["run", "suite.toml", "--resume", "--json"]),
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!resumed.success) {
    throw new Error(`resume failed: ${new TextDecoder().decode(resumed.stderr)}`);
  }
  const summary = JSON.parse(new TextDecoder().decode(resumed.stdout));
  const ids: string[] = summary.cases;
  const after = calls(dir).slice(before.length);
  await Deno.remove(dir, { recursive: true });
  return {
    kill_after_ms: killAfterMs,
    calls_before_kill: before.length,
    journaled,
    lost: CASES - new Set(ids).size,
    duplicated: ids.length - new Set(ids).size,
    repeated_calls: after.filter((id) => before.includes(id)).length,
  };
}

const random = seededRandom(Number(values.seed));
const fullRunMs = Math.ceil(CASES / CONCURRENCY) * CALL_SECONDS * 1000;
const trials: Trial[] = [];
let finishedFirst = 0;
for (let i = 0; trials.length < TRIALS; i++) {
  // Deno's start-up comes first, so kill points span start-up and most of the run.
  const at = Math.round(100 + random() * fullRunMs);
  const result = await trial(at);
  if (result === "finished") {
    finishedFirst++;
    continue;
  }
  trials.push(result);
  if (!values.json) {
    console.log(
      `trial ${String(trials.length).padStart(2)}: killed at ${String(at).padStart(4)} ms, ` +
        `${String(result.journaled).padStart(2)}/${CASES} journaled, lost ${result.lost}, ` +
        `duplicated ${result.duplicated}, calls repeated ${result.repeated_calls}`,
    );
  }
}
const lost = trials.reduce((n, t) => n + t.lost, 0);
const duplicated = trials.reduce((n, t) => n + t.duplicated, 0);
const maxRepeated = Math.max(...trials.map((t) => t.repeated_calls));
const ok = lost === 0 && duplicated === 0 && maxRepeated <= CONCURRENCY;
if (values.json) {
  console.log(
    JSON.stringify(
      { trials, lost, duplicated, max_repeated: maxRepeated, concurrency: CONCURRENCY, ok },
      null,
      2,
    ),
  );
} else {
  console.log(
    `\n${TRIALS} kills: lost ${lost} (goal 0), duplicated ${duplicated} (goal 0), ` +
      `at most ${maxRepeated} calls repeated per kill (goal <= concurrency ${CONCURRENCY}): ${
        ok ? "PASS" : "MISS"
      }`,
  );
}
Deno.exit(ok ? 0 : 1);
