/**
 * The end-to-end half of bench/overhead.ts: the real CLI, as a user starts it, on a suite
 * written to a temporary folder, timed from outside. Start-up is `digline --help`; the run's own
 * document gives the rest (it stamps `started_at` once the suite is loaded and `finished_at` once
 * the last case is done), so no timer is added to the product for the bench.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildBundle } from "../tools/bundle.ts";
import { taskFlags } from "../tools/task_flags.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "cli", "main.ts");

/** What one end-to-end measurement runs: N cases of 3 or 5 checks. */
export interface EndToEndConfig {
  n: number;
  latencyMs: number;
  concurrency: number;
  checks: 3 | 5;
  /** What is started; the source when not said. */
  entry?: CliEntry;
}

/** One end-to-end measurement of `digline run` and `digline compare`. */
export interface EndToEnd {
  n: number;
  latency_ms: number;
  concurrency: number;
  checks: number;
  /** `deno eval 0`: what starting Deno alone costs. */
  deno_ms: number;
  /** `digline --help`. */
  startup_ms: number;
  /** Spawn to `started_at`, less start-up: reading and checking the suite (and git stamp). */
  load_ms: number;
  /** `started_at` to `finished_at`: the cases. */
  run_ms: number;
  /** `finished_at` to exit: reconcile, figures, writing the document. */
  store_ms: number;
  wall_ms: number;
  /** ceil(N / concurrency) x latency: the floor a perfect tool reaches once started. */
  limit_ms: number;
  /**
   * The same N sleeps of `latency` in a bare pool of `concurrency` promises in a fresh deno, no
   * digline: what the runtime's timers alone allow on this machine (null at 0 ms latency).
   */
  timer_floor_ms: number | null;
  ratio: number | null;
  peak_rss_mb: number;
  /** `compare` of the run against itself promoted: start-up included, and without it. */
  compare_ms: number;
  compare_after_startup_ms: number;
  /**
   * A bare deno, with digline's V8 flags, that reads, decodes and JSON.parses the run document
   * compare reads, timed inside it: the part of compare no code of digline's can remove.
   */
  parse_floor_ms: number;
  /** The size of that document. */
  document_mb: number;
  /** The same in CPU time (user + system), which a busy machine inflates less than wall time. */
  compare_cpu_after_startup_ms: number;
  /** CPU time of the run itself (user + system). */
  run_cpu_ms: number;
  /**
   * Peak memory of `digline run` of the same cases as a code-form suite (writeCodeSuite), through
   * the source CLI: the suite imports digline's mod.ts from this checkout, which the bundle run
   * without a config can not resolve.
   */
  code_form_peak_rss_mb: number;
}

/** Writes an N-case suite (three checks, an in-process module target, 10% failing) to a folder. */
export async function writeSuite(dir: string, config: EndToEndConfig) {
  const lines: string[] = [];
  for (let i = 0; i < config.n; i++) {
    const positive = i % 2 === 0;
    // Every tenth case expects the wrong answer, so a tenth of the checks fail as in the issue.
    const expected = (positive !== (i % 10 === 3)) ? "positive" : "negative";
    lines.push(JSON.stringify({
      id: `case-${String(i + 1).padStart(6, "0")}`,
      vars: { text: positive ? `a great thing number ${i}` : `an awful thing number ${i}` },
      expected,
    }));
  }
  await Deno.writeTextFile(join(dir, "cases.jsonl"), lines.join("\n") + "\n");
  await Deno.writeTextFile(
    join(dir, "system.ts"),
    `const latency = ${config.latencyMs};
export async function classify(vars) {
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  return /great/.test(String(vars.text)) ? "positive" : "negative";
}
`,
  );
  await Deno.writeTextFile(
    join(dir, "suite.toml"),
    `name = "bench-e2e"
cases_file = "cases.jsonl"

[target]
module = "system.ts"
export = "classify"
concurrency = ${config.concurrency}
retries = 0

[[assertions]]
name = "correct"
kind = "equals"

[[assertions]]
name = "says-ive"
kind = "includes"
value = "ive"

[[assertions]]
name = "answers"
kind = "regex"
pattern = "^(positive|negative)$"

${
      config.checks === 5
        ? `
[[assertions]]
name = "not-empty"
kind = "length"
min = 1

[[assertions]]
name = "no-apology"
kind = "not-includes"
value = "sorry"
`
        : ""
    }
[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
`,
  );
}

/**
 * Writes the same N cases as a code-form suite, `suite.ts`: the target a function of the module
 * (run in the system's Worker, ADR 0083), the same three built-in checks and one pure custom
 * check (run in the check sandbox, ADR 0061), the cases read from `cases.jsonl`.
 */
export async function writeCodeSuite(dir: string, config: EndToEndConfig) {
  await writeSuite(dir, config);
  const mod = JSON.stringify(pathToFileURL(join(ROOT, "mod.ts")).href);
  await Deno.writeTextFile(
    join(dir, "suite.ts"),
    `import { custom, defineSuite, equals, includes, regex } from ${mod};

const latency = ${config.latencyMs};

export const suite = defineSuite({
  name: "bench-e2e-code",
  target: {
    name: "classify",
    fn: async (vars: { text: string }) => {
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      return /great/.test(vars.text) ? "positive" : "negative";
    },
    concurrency: ${config.concurrency},
    retries: 0,
  },
  assertions: [
    equals({ name: "correct" }),
    includes({ name: "says-ive", value: "ive" }),
    regex({ name: "answers", pattern: "^(positive|negative)$" }),
    custom({ name: "short", pure: true, check: ({ output }) => output.length <= 8 }),
  ],
  aggregates: [{ name: "accuracy", kind: "accuracy", over: "correct" }],
  cases_file: "cases.jsonl",
});
`,
  );
}

/**
 * Runs deno with `args` to its end under GNU time, which reports the peak resident memory
 * (Deno grants /proc, where a sampler would read it, only to --allow-all).
 */
export async function timed(
  args: string[],
  options: { cwd: string },
): Promise<{ ms: number; cpuMs: number; peakMb: number; stdout: string; code: number }> {
  const started = performance.now();
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "peak-kb=%M cpu-s=%U+%S", Deno.execPath(), ...args],
    cwd: options.cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const ms = performance.now() - started;
  const stdout = new TextDecoder().decode(output.stdout);
  const stderr = new TextDecoder().decode(output.stderr);
  if (output.code > 2) throw new Error(`deno ${args.join(" ")} exited ${output.code}: ${stderr}`);
  const peak = /peak-kb=(\d+)/.exec(stderr);
  const cpu = /cpu-s=([\d.]+)\+([\d.]+)/.exec(stderr);
  return {
    ms,
    // User and system time: what the work cost, whatever else a shared machine was doing.
    cpuMs: cpu === null ? NaN : (Number(cpu[1]) + Number(cpu[2])) * 1000,
    peakMb: peak === null ? NaN : Number(peak[1]) / 1024,
    stdout,
    code: output.code,
  };
}

/**
 * What a bench starts: the bundle's `cli.js`, which `deno task install` installs and users run
 * (the default), or the source, `cli/main.ts` with digline's config (`--source`).
 */
export type CliEntry = { kind: "bundle"; file: string } | { kind: "source" };

/** The source entry, as `deno task digline` starts it. */
export const SOURCE_ENTRY: CliEntry = { kind: "source" };

/**
 * The entry a bench measures: the bundle built into a temporary folder from this checkout
 * (tools/bundle.ts), unless `source` asks for cli/main.ts. `remove` deletes the folder.
 */
export async function benchEntry(
  source: boolean,
): Promise<{ entry: CliEntry; remove(): Promise<void> }> {
  if (source) return { entry: SOURCE_ENTRY, remove: () => Promise.resolve() };
  const dir = await Deno.makeTempDir({ prefix: "digline-bench-bundle-" });
  if (await buildBundle(dir, { types: false }) !== 0) throw new Error("the bundle did not build");
  return {
    entry: { kind: "bundle", file: join(dir, "cli.js") },
    remove: () => Deno.remove(dir, { recursive: true }),
  };
}

/** What a bench's report says it measured. */
export function describeEntry(entry: CliEntry): string {
  return entry.kind === "bundle"
    ? "the bundle's cli.js, as deno task install installs it"
    : "the source, cli/main.ts";
}

export function cliArgs(args: string[], entry: CliEntry = SOURCE_ENTRY): string[] {
  return entry.kind === "bundle"
    ? ["run", ...taskFlags("digline", "cli/main.ts"), entry.file, ...args]
    : [
      "run",
      "--config",
      join(ROOT, "deno.json"),
      ...taskFlags("digline", "cli/main.ts"),
      CLI,
      ...args,
    ];
}

/** The median of a few tries, so one stall of a shared machine does not make the figure. */
export async function median(tries: number, measure: () => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < tries; i++) values.push(await measure());
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** Measures one configuration through the real CLI. */
export async function measureEndToEnd(config: EndToEndConfig): Promise<EndToEnd> {
  const dir = await Deno.makeTempDir({ prefix: "digline-bench-e2e-" });
  try {
    await writeSuite(dir, config);
    const denoMs = await median(3, async () => (await timed(["eval", "0"], { cwd: dir })).ms);
    const startupMs = await median(
      3,
      async () => (await timed(cliArgs(["--help"], config.entry), { cwd: dir })).ms,
    );
    const startupCpuMs = await median(
      3,
      async () => (await timed(cliArgs(["--help"], config.entry), { cwd: dir })).cpuMs,
    );
    const timerFloorMs = config.latencyMs === 0 ? null : await median(3, () => timerFloor(config));
    // Three runs, each into a fresh store, each figure their median: one run's peak moves by
    // 5-10 MB and its run phase by a few percent on a shared machine. The last run is compared.
    const runs: RunTry[] = [];
    for (let i = 0; i < RUN_TRIES; i++) {
      await Deno.remove(join(dir, ".digline"), { recursive: true }).catch(() => {});
      runs.push(await runOnce(dir, config.entry));
    }
    const middle = (pick: (r: RunTry) => number) => runs.map(pick).sort((a, b) => a - b)[1];
    const run = { peakMb: middle((r) => r.peakMb), cpuMs: middle((r) => r.cpuMs) };
    const loadMs = middle((r) => r.startedAt - r.spawnedAt) - startupMs;
    const runMs = middle((r) => r.finishedAt - r.startedAt);
    const storeMs = middle((r) => r.spawnedAt + r.wallMs - r.finishedAt);
    const wall = middle((r) => r.wallMs);
    const limit = Math.ceil(config.n / config.concurrency) * config.latencyMs;
    await timed(
      cliArgs(["promote", "latest", "--because", "bench", "--by", "bench"], config.entry),
      {
        cwd: dir,
      },
    );
    const compares = [];
    for (let i = 0; i < 3; i++) {
      compares.push(await timed(cliArgs(["compare"], config.entry), { cwd: dir }));
    }
    const compareMs = compares.map((c) => c.ms).sort((a, b) => a - b)[1];
    const documents = await storedRunPaths(dir);
    const parseFloorMs = await median(3, () => parseFloor(documents));
    const compareCpuMs = compares.map((c) => c.cpuMs).sort((a, b) => a - b)[1];
    const codeForm = await measureCodeForm(config);
    return {
      n: config.n,
      latency_ms: config.latencyMs,
      concurrency: config.concurrency,
      checks: config.checks,
      deno_ms: round(denoMs),
      startup_ms: round(startupMs),
      load_ms: round(loadMs),
      run_ms: round(runMs),
      store_ms: round(storeMs),
      wall_ms: round(wall),
      limit_ms: limit,
      timer_floor_ms: timerFloorMs === null ? null : round(timerFloorMs),
      ratio: limit === 0 ? null : Math.round((wall / limit) * 1000) / 1000,
      peak_rss_mb: round(run.peakMb),
      compare_ms: round(compareMs),
      compare_after_startup_ms: round(compareMs - startupMs),
      parse_floor_ms: round(parseFloorMs),
      document_mb: round(await megabytes(documents)),
      compare_cpu_after_startup_ms: round(compareCpuMs - startupCpuMs),
      run_cpu_ms: round(run.cpuMs),
      code_form_peak_rss_mb: round(codeForm.peakMb),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** How many times `run` is measured; each figure is the median. */
const RUN_TRIES = 3;

/** One `digline run`: its clock times from outside and from its document, peak and CPU. */
interface RunTry {
  spawnedAt: number;
  startedAt: number;
  finishedAt: number;
  wallMs: number;
  peakMb: number;
  cpuMs: number;
}

async function runOnce(dir: string, entry: CliEntry | undefined): Promise<RunTry> {
  const spawnedAt = Date.now();
  const run = await timed(cliArgs(["run", "suite.toml", "--json"], entry), { cwd: dir });
  const summary = JSON.parse(run.stdout) as { started_at: string; finished_at: string };
  return {
    spawnedAt,
    startedAt: Date.parse(summary.started_at),
    finishedAt: Date.parse(summary.finished_at),
    wallMs: run.ms,
    peakMb: run.peakMb,
    cpuMs: run.cpuMs,
  };
}

/** `digline run` of the configuration's cases as a code-form suite, in a folder of its own. */
async function measureCodeForm(config: EndToEndConfig): Promise<{ peakMb: number }> {
  const dir = await Deno.makeTempDir({ prefix: "digline-bench-code-" });
  try {
    await writeCodeSuite(dir, config);
    const run = await timed(cliArgs(["run", "suite.ts", "--json"], SOURCE_ENTRY), { cwd: dir });
    if (run.code !== 0) throw new Error(`the code-form run exited ${run.code}`);
    return { peakMb: run.peakMb };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The run documents in a bench folder's store (not the copies beside an approval). */
export async function storedRunPaths(dir: string): Promise<string[]> {
  const runs = join(dir, ".digline", "default", "runs");
  const paths: string[] = [];
  for await (const suite of Deno.readDir(runs)) {
    if (!suite.isDirectory) continue;
    for await (const entry of Deno.readDir(join(runs, suite.name))) {
      if (entry.name.endsWith(".json")) paths.push(join(runs, suite.name, entry.name));
    }
  }
  return paths.sort();
}

/** The size of some files, in MB of a million bytes, as the docs give document sizes. */
export async function megabytes(paths: string[]): Promise<number> {
  let bytes = 0;
  for (const path of paths) bytes += (await Deno.stat(path)).size;
  return bytes / 1_000_000;
}

/** digline's --v8-flags, as its task gives them, so a bare process runs the same heap. */
function diglineV8Flags(): string[] {
  return taskFlags("digline", "cli/main.ts").filter((flag) => flag.startsWith("--v8-flags="));
}

/**
 * Reading, decoding and parsing `paths` in a fresh deno with digline's V8 flags and nothing
 * else, timed inside it (start-up aside, as compare's figure is).
 */
export async function parseFloor(paths: string[]): Promise<number> {
  // Read as host/files/read_named_file.ts reads (one buffer sized by stat): Deno.readFileSync grows
  // its buffer as it reads and costs twice as much, which would flatter digline.
  const source = `const started = performance.now();
const decoder = new TextDecoder();
for (const path of ${JSON.stringify(paths)}) {
  const file = Deno.openSync(path);
  const bytes = new Uint8Array(file.statSync().size + 1);
  let filled = 0;
  for (;;) {
    const read = file.readSync(bytes.subarray(filled));
    if (read === null || read === 0) break;
    filled += read;
  }
  file.close();
  JSON.parse(decoder.decode(bytes.subarray(0, filled)));
}
console.log(performance.now() - started);`;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", ...diglineV8Flags(), source],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return Number(new TextDecoder().decode(output.stdout).trim());
}

/** A bare pool's wall time for the configuration's sleeps, as the pool itself measures it. */
async function timerFloor(config: EndToEndConfig): Promise<number> {
  const source = `let next = 0; const started = performance.now();
async function work() { while (next < ${config.n}) { next++; await new Promise((r) => setTimeout(r, ${config.latencyMs})); } }
await Promise.all(Array.from({ length: ${config.concurrency} }, work));
console.log(performance.now() - started);`;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", source],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return Number(new TextDecoder().decode(output.stdout).trim());
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
