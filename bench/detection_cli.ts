/**
 * Measures the gate through the CLI: for each trial a fresh workspace holds a real suite whose
 * module target answers case i right with probability p_i (the rates seeded, each answer drawn
 * afresh, as digline imports the module anew for each run), and the bench runs the CLI's own
 * entry point (cli/main.ts `main`, the function `digline` calls) on it as a user would:
 * `run`, `promote latest --repeats B`, then per scenario `run`, `compare RUN --json` and
 * `compare RUN --confirm --json`, with the store on disk. It prints, per case mix, size and
 * scenario, the exit-1 rate of plain compare and of `--confirm`, each with a 95% Wilson interval,
 * and the target calls of `--confirm` per N (one run plus its draws).
 *
 *   deno task bench:detection-cli --sizes 200 --mixes bench,mid,p09 --trials 40 --parallel 1
 *   deno task bench:detection-cli --sizes 200 --mixes bench --selection-runs 3 --trials 40
 *   deno task bench:detection-cli --parallel 2 --large-trials 40     # every size
 *
 * (docs/detection.md's "Measured through the CLI" gives the commands its table pooled.)
 * `--selection-runs S` promotes S runs more that only choose what `--confirm` draws again (issue
 * 27's design is 10 + 3); absent, promote is not given the flag and records none.
 *
 * Mixes: `bench` (70% p = 0.98, 10% p = 0.02, 20% p ~ U(0.3, 0.9), as bench/detection.ts),
 * `mid` (every p ~ U(0.5, 0.8)) and `p09` (every p = 0.9). (The per-run-shift mix is
 * bench/detection.ts's alone: a module target here does not know which run it answers in.) Scenarios: `wobble` (the same system, fresh draws),
 * `diffuse` (a 5-point drop spread over the cases with 0.1 < p < 0.95 in proportion to p) and
 * `concentrated` (a 5-point drop made of the most reliable cases breaking to p = 0.02). The work is
 * split over `--parallel` worker processes, each running whole trials; the CLI runs in-process
 * in each, so the cost is the product's, not Deno's start-up.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../cli/main.ts";
import type { Io } from "../cli/io.ts";
import { wilsonInterval } from "../core/statistics/wilson.ts";
import {
  benchMix,
  dropped,
  midMix,
  type PassRates,
  stochasticSuiteToml,
  stochasticSystemSource,
} from "./_stochastic_suite.ts";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: {
    sizes: { type: "string", default: "50,200,1000" },
    mixes: { type: "string", default: "bench,mid" },
    scenarios: { type: "string", default: "wobble,diffuse,concentrated" },
    /** Trials per cell at sizes below 1,000. */
    trials: { type: "string", default: "200" },
    /** Trials per cell at 1,000 cases and more (each costs about five times a 200-case one). */
    "large-trials": { type: "string", default: "60" },
    "baseline-runs": { type: "string", default: "10" },
    /**
     * Promote this many runs more, recorded as the approval's selection runs (`promote --repeats B
     * --selection-runs S`, ADR 0107). Absent, the flag is not passed: promote's default applies
     * (three selection runs on top from B = 10, ADR 0124; below, none, and the count rule's last
     * runs of the B choose). An explicit 0 is passed on, and promote reads it as "no run chooses"
     * (--confirm then draws no noisy case again).
     */
    "selection-runs": { type: "string" },
    points: { type: "string", default: "5" },
    parallel: { type: "string", default: "2" },
    seed: { type: "string", default: "20261130" },
    /** Internal: this process is worker i of n and prints one JSON line per trial. */
    worker: { type: "string" },
  },
});

const SIZES = flags.sizes.split(",").map(Number);
const MIXES = flags.mixes.split(",").filter((m) => m !== "") as MixName[];
const SCENARIOS = flags.scenarios.split(",").filter((s) => s !== "") as ScenarioName[];
const BASELINE_RUNS = Number(flags["baseline-runs"]);
const SELECTION_RUNS = flags["selection-runs"] === undefined
  ? undefined
  : Number(flags["selection-runs"]);
const POINTS = Number(flags.points);
const SEED = Number(flags.seed);

type MixName = "bench" | "mid" | "p09";
type ScenarioName = "wobble" | "diffuse" | "concentrated";

/** One trial's outcome for one scenario. */
interface Outcome {
  size: number;
  mix: MixName;
  scenario: ScenarioName;
  trial: number;
  plain: number;
  confirm: number;
  /** Target calls of the candidate run plus its confirmation draws. */
  calls: number;
}

function trialsFor(size: number): number {
  return Number(size >= 1000 ? flags["large-trials"] : flags.trials);
}

function ratesOf(mix: MixName, size: number, seed: number): number[] {
  if (mix === "p09") return Array<number>(size).fill(0.9);
  return mix === "bench" ? benchMix(size, seed) : midMix(size, seed);
}

function scenarioRates(rates: PassRates, scenario: ScenarioName): PassRates {
  return scenario === "wobble" ? rates : dropped(rates, { points: POINTS, shape: scenario });
}

/** An Io that keeps what a command prints. */
function capture(): Io & { stdout: string[] } {
  const stdout: string[] = [];
  return {
    stdout,
    out: (text) => stdout.push(text),
    err: () => {},
    errIsTerminal: false,
    color: false,
  };
}

async function cli(args: string[]): Promise<{ code: number; stdout: string }> {
  const io = capture();
  const code = await main(args, io);
  return { code, stdout: io.stdout.join("") };
}

function suiteToml(rates: PassRates, module: string): string {
  return stochasticSuiteToml(rates, { name: "noisy" }).replace('"system.ts"', `"${module}"`);
}

/** One trial: a new system and baseline, then one candidate per scenario. */
async function trial(cell: { size: number; mix: MixName; trial: number }): Promise<Outcome[]> {
  const seed = (SEED ^ Math.imul(cell.size, 7919) ^ Math.imul(cell.trial + 1, 104729) ^
    (cell.mix === "mid" ? 0x5bd1e995 : 0)) >>> 0;
  const rates = ratesOf(cell.mix, cell.size, seed);
  const dir = resolve(await Deno.makeTempDir({ prefix: "digline-bench-" }));
  Deno.chdir(dir);
  try {
    await Deno.writeTextFile(join(dir, "suite.toml"), suiteToml(rates, "system_base.ts"));
    await Deno.writeTextFile(
      join(dir, "system_base.ts"),
      stochasticSystemSource(rates, { fresh: true }),
    );
    const first = await cli(["run", "suite.toml"]);
    if (first.code !== 0) throw new Error(`run exited ${first.code}`);
    const promoted = await cli([
      "promote",
      "latest",
      "--repeats",
      String(BASELINE_RUNS),
      ...(SELECTION_RUNS === undefined ? [] : ["--selection-runs", String(SELECTION_RUNS)]),
      "--because",
      "bench",
    ]);
    if (promoted.code !== 0) throw new Error(`promote exited ${promoted.code}`);
    const outcomes: Outcome[] = [];
    for (const scenario of SCENARIOS) {
      // A module per scenario: the process caches modules by URL, and the target is not part of
      // the suite's config_hash, so the same baseline judges each system.
      const module = `system_${scenario}.ts`;
      await Deno.writeTextFile(
        join(dir, module),
        stochasticSystemSource(scenarioRates(rates, scenario), { fresh: true }),
      );
      await Deno.writeTextFile(join(dir, "suite.toml"), suiteToml(rates, module));
      const run = await cli(["run", "suite.toml", "--json"]);
      if (run.code !== 0) throw new Error(`run exited ${run.code}`);
      const runId = JSON.parse(run.stdout).run_id as string;
      const plain = await cli(["compare", runId, "--json"]);
      const confirm = await cli(["compare", runId, "--confirm", "--json"]);
      // The system runs in digline's Worker, so its calls are counted from what digline says:
      // the run's cases, and the extra calls --confirm spent.
      const spent = JSON.parse(confirm.stdout)?.confirm?.spent_calls ?? 0;
      outcomes.push({
        ...cell,
        scenario,
        plain: plain.code,
        confirm: confirm.code,
        calls: cell.size + Number(spent),
      });
    }
    return outcomes;
  } finally {
    Deno.chdir(resolve(fileURLToPath(new URL(".", import.meta.url))));
    await Deno.remove(dir, { recursive: true });
  }
}

function cells(): { size: number; mix: MixName; trial: number }[] {
  return SIZES.flatMap((size) =>
    MIXES.flatMap((mix) =>
      Array.from({ length: trialsFor(size) }, (_, trial) => ({ size, mix, trial }))
    )
  );
}

async function worker(spec: string): Promise<void> {
  const [index, count] = spec.split("/").map(Number);
  const encoder = new TextEncoder();
  for (const [i, cell] of cells().entries()) {
    if (i % count !== index) continue;
    for (const outcome of await trial(cell)) {
      Deno.stdout.writeSync(encoder.encode(JSON.stringify(outcome) + "\n"));
    }
  }
}

/** Starts the workers and gathers their lines, showing progress on stderr. */
async function gather(parallel: number): Promise<Outcome[]> {
  const total = cells().length;
  const outcomes: Outcome[] = [];
  let done = 0;
  const started = Date.now();
  const passthrough = Deno.args.filter((a, i, all) =>
    !a.startsWith("--parallel") && all[i - 1] !== "--parallel"
  );
  const children = Array.from({ length: parallel }, (_, i) =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-prompt",
        "--allow-read",
        "--allow-write",
        "--allow-env",
        "--allow-net",
        "--allow-run",
        fileURLToPath(import.meta.url),
        ...passthrough,
        "--worker",
        `${i}/${parallel}`,
      ],
      stdout: "piped",
      stderr: "inherit",
    }).spawn());
  await Promise.all(children.map(async (child) => {
    let buffer = "";
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
      buffer += chunk;
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const outcome = JSON.parse(buffer.slice(0, newline)) as Outcome;
        outcomes.push(outcome);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
        if (outcome.scenario === SCENARIOS.at(-1)) {
          done += 1;
          const seconds = Math.round((Date.now() - started) / 1000);
          Deno.stderr.writeSync(
            new TextEncoder().encode(`\rdetection_cli: ${done}/${total} trials, ${seconds} s`),
          );
        }
      }
    }
    const status = await child.status;
    if (!status.success) throw new Error(`a bench worker exited ${status.code}`);
  }));
  Deno.stderr.writeSync(new TextEncoder().encode("\n"));
  return outcomes;
}

function rate(hits: number, trials: number): string {
  const { low, high } = wilsonInterval(hits, trials);
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${pct(hits / trials)}% [${pct(low)}, ${pct(high)}]`;
}

function report(outcomes: Outcome[]): void {
  const selection = SELECTION_RUNS === undefined
    ? "none recorded"
    : `${SELECTION_RUNS} selection runs`;
  const started =
    `bench/detection_cli.ts: seed ${SEED}, baseline of ${BASELINE_RUNS} runs (${selection}), ` +
    `drops of ${POINTS} points; trials per cell: ${flags.trials} (N < 1000), ` +
    `${flags["large-trials"]} (N ≥ 1000)`;
  const lines = [started, ""];
  lines.push(
    "| mix | N | scenario | trials | plain compare: exit 1 | `--confirm`: exit 1 | calls / N with `--confirm` (mean [95%], p95) |",
    "| --- | - | -------- | ------ | --------------------- | ------------------- | -------------------------------------------- |",
  );
  const goals: string[] = [];
  for (const mix of MIXES) {
    for (const size of SIZES) {
      for (const scenario of SCENARIOS) {
        const rows = outcomes.filter((o) =>
          o.mix === mix && o.size === size && o.scenario === scenario
        );
        if (rows.length === 0) continue;
        const plain = rows.filter((o) => o.plain === 1).length;
        const confirm = rows.filter((o) => o.confirm === 1).length;
        const calls = rows.map((o) => o.calls / size).sort((a, b) => a - b);
        const mean = calls.reduce((a, b) => a + b, 0) / calls.length;
        const p95 = calls[Math.min(calls.length - 1, Math.floor(0.95 * calls.length))];
        const spread = Math.sqrt(
          calls.reduce((sum, c) => sum + (c - mean) ** 2, 0) / Math.max(1, calls.length - 1),
        );
        const half = 1.96 * spread / Math.sqrt(calls.length);
        const other = rows.filter((o) => o.plain > 1 || o.confirm > 1).length;
        lines.push(
          `| ${mix} | ${size} | ${scenario} | ${rows.length} | ${rate(plain, rows.length)} | ${
            rate(confirm, rows.length)
          } | ${mean.toFixed(3)} [${(mean - half).toFixed(3)}, ${(mean + half).toFixed(3)}], ${
            p95.toFixed(3)
          }${other > 0 ? ` (${other} exit ≥ 2)` : ""} |`,
        );
        goals.push(
          ...goalLines({ mix, size, scenario, plain, confirm, trials: rows.length, mean }),
        );
      }
    }
  }
  lines.push("", "goals (issue 27): false alarms ≤ 1.0% (upper 95% bound ≤ 1.2%),");
  lines.push("power ≥ 90% at −5 with --confirm, calls ≤ 1.12 × N unchanged and ≤ 1.4 × N");
  lines.push("(diffuse) or 1.5 × N (concentrated) on a drop", ...goals);
  console.log(lines.join("\n"));
}

/** One line per goal a cell bears on, each saying whether it was met (issue 27's goals). */
function goalLines(cell: {
  mix: string;
  size: number;
  scenario: string;
  plain: number;
  confirm: number;
  trials: number;
  mean: number;
}): string[] {
  const where = `${cell.mix} N=${cell.size} ${cell.scenario}`;
  const met = (ok: boolean) => (ok ? "met" : "NOT met");
  // A rate within 1% whose interval still reaches past 1.2% is not shown either way: too few
  // trials (the in-process bench gives the tight figure).
  const alarms = (hits: number) =>
    hits / cell.trials > 0.01
      ? "NOT met"
      : wilsonInterval(hits, cell.trials).high <= 0.012
      ? "met"
      : "within 1%, too few trials to bound it by 1.2%";
  if (cell.scenario === "wobble") {
    return [
      `  ${where}: plain false alarms ${rate(cell.plain, cell.trials)}: ${alarms(cell.plain)}`,
      `  ${where}: --confirm false alarms ${rate(cell.confirm, cell.trials)}: ${
        alarms(cell.confirm)
      }`,
      `  ${where}: --confirm calls ${cell.mean.toFixed(3)} × N: ${met(cell.mean <= 1.12)}`,
    ];
  }
  // Issue 27 sets a power goal for the concentrated drop on the bench and mid mixes and for the
  // diffuse one on the bench mix only: the mid mix's diffuse drop is beyond any valid test's
  // reach at these calls, and p = 0.9 everywhere has no goal.
  const goal = cell.scenario === "concentrated" ? cell.mix !== "p09" : cell.mix === "bench";
  const most = cell.scenario === "diffuse" ? 1.4 : 1.5;
  const power = cell.confirm / cell.trials >= 0.9;
  return [
    `  ${where}: --confirm power ${rate(cell.confirm, cell.trials)}: ${
      goal ? met(power) : "no goal"
    }`,
    `  ${where}: --confirm calls ${cell.mean.toFixed(3)} × N: ${met(cell.mean <= most)}`,
  ];
}

if (import.meta.main) {
  if (flags.worker !== undefined) {
    await worker(flags.worker);
  } else {
    report(await gather(Math.max(1, Number(flags.parallel))));
  }
}
