/**
 * Measures what the run driver itself costs: N cases x 3 built-in checks through executeCases
 * against an in-process function target that answers at once or after 20 ms.
 *
 *   deno run --allow-read bench/overhead.ts [--json] [--cases FILE]
 *     [--n 1000,5000] [--latency 0,20] [--concurrency 16,64]
 *
 * Sentences come from --cases FILE (one "sentence<TAB>label" per line, or a TSV whose header
 * names a "text" column), else from examples/sentiment/data/*_labelled.txt, else are generated.
 * Each configuration runs in a fresh Worker (its own V8 heap, as a real `digline run` has one),
 * while this thread, idle, samples the process's RSS every 10 ms; so a figure is not charged for
 * the garbage of the configuration before it, and the sampler still ticks while a 0 ms run keeps
 * its own thread busy. Exits 1 when a goal is missed.
 *
 * With --e2e it times the real CLI instead (bench/_end_to_end.ts): `digline run` of a suite
 * written to a temporary folder, split into start-up, load, run and store, against the same
 * ceil(N / concurrency) x latency floor, its peak memory (and that of the same cases as a
 * code-form suite, through the source), and `compare` of the run. It starts
 * what users run, the bundle's cli.js as `deno task install` installs it (built into a temporary
 * folder from this checkout), or with --source the CLI from source. That mode spawns deno and
 * writes temporary folders:
 *
 *   deno run --allow-read --allow-write --allow-run bench/overhead.ts --e2e
 *     [--n 5000] [--latency 20] [--concurrency 64] [--checks 3|5] [--source]
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { benchEntry, describeEntry, type EndToEnd, measureEndToEnd } from "./_end_to_end.ts";

const GOALS = {
  /** At 0 ms latency: wall time per case, all of it the driver's. */
  overheadMsPerCase: 0.1,
  /** At 20 ms latency: wall time over the floor ceil(N / concurrency) x 20 ms. */
  ratioToLimit: 1.1,
  /** Peak resident memory of the process while running 5,000 cases. */
  peakRssMb: 150,
} as const;

/** Goals of the end-to-end mode, through the real CLI. */
const E2E_GOALS = {
  /** At 20 ms latency: the whole process's wall time over ceil(N / concurrency) x latency. */
  ratioToLimit: 1.15,
  /** Peak resident memory of `digline run` at 5,000 cases. */
  peakRssMb: 90,
  /** The same cases as a code-form suite (a function target and a custom check). */
  codeFormPeakRssMb: 110,
  /** `--help` within this many times `deno eval 0`. */
  startupOverDeno: 2,
  /** `compare` at 10,000 cases x 5 checks, start-up aside. */
  compareMs: 200,
  /** The run phase within this many times a bare pool of the same sleeps (the timer floor). */
  runOverTimerFloor: 1.05,
  /** `compare` after start-up within this many times a bare read, decode and parse of its run. */
  compareOverParseFloor: 3,
} as const;

interface Config {
  n: number;
  latencyMs: number;
  concurrency: number;
}

interface Sentence {
  text: string;
  /** 1 positive, 0 negative. */
  label: 0 | 1;
}

/** What a worker sends back: the driver's wall time and a count of what it returned. */
interface WorkerReport {
  wall_ms: number;
  /** The same sleeps in a bare pool with no driver: what the timers alone cost. */
  floor_ms: number | null;
  cases: number;
  verdicts: number;
}

interface Measurement {
  n: number;
  latency_ms: number;
  concurrency: number;
  wall_ms: number;
  /** The floor a perfect driver would reach: ceil(N / concurrency) x latency. */
  limit_ms: number;
  overhead_ms_per_case: number;
  peak_rss_mb: number;
  /** wall / limit, for configurations with latency. */
  ratio: number | null;
  /** A bare pool of the same sleeps, no driver: the part of the ratio that is the timers'. */
  timer_floor_ms: number | null;
  /** (wall - timer floor) / N: the driver's own cost per case under latency. */
  driver_ms_per_case: number | null;
  goals: { overhead?: boolean; ratio?: boolean; memory?: boolean };
}

/** Runs one configuration in a fresh Worker and measures it from this thread. */
function measureInWorker(config: Config, sentences: readonly Sentence[]): Promise<Measurement> {
  let peak = Deno.memoryUsage().rss;
  const sample = () => {
    peak = Math.max(peak, Deno.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 10);
  const worker = new Worker(import.meta.url, { type: "module" });
  return new Promise<WorkerReport>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerReport>) => {
      sample();
      resolve(event.data);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      reject(new Error(`The bench worker failed: ${event.message}`));
    };
    worker.postMessage({ config, sentences });
  }).then((report) => {
    if (report.cases !== config.n || report.verdicts !== config.n * 3) {
      throw new Error(`The driver returned ${report.cases} cases and ${report.verdicts} verdicts`);
    }
    return toMeasurement(config, {
      wallMs: report.wall_ms,
      floorMs: report.floor_ms,
      peakRss: peak,
    });
  }).finally(() => {
    clearInterval(sampler);
    worker.terminate();
  });
}

function toMeasurement(
  config: Config,
  figures: { wallMs: number; floorMs: number | null; peakRss: number },
): Measurement {
  const { n, latencyMs, concurrency } = config;
  const wall = figures.wallMs;
  const limit = Math.ceil(n / concurrency) * latencyMs;
  const ratio = latencyMs === 0 ? null : wall / limit;
  const peakMb = figures.peakRss / 2 ** 20;
  return {
    n,
    latency_ms: latencyMs,
    concurrency,
    wall_ms: round(wall, 1),
    limit_ms: limit,
    overhead_ms_per_case: round((wall - limit) / n, 4),
    peak_rss_mb: round(peakMb, 1),
    ratio: ratio === null ? null : round(ratio, 3),
    timer_floor_ms: figures.floorMs === null ? null : round(figures.floorMs, 1),
    driver_ms_per_case: figures.floorMs === null ? null : round((wall - figures.floorMs) / n, 4),
    goals: {
      ...(ratio === null
        ? { overhead: wall / n < GOALS.overheadMsPerCase }
        : { ratio: ratio <= GOALS.ratioToLimit }),
      ...(n >= 5000 ? { memory: peakMb < GOALS.peakRssMb } : {}),
    },
  };
}

/** The worker's side: build the suite, then time executeCases alone. */
async function runConfig(config: Config, sentences: readonly Sentence[]): Promise<WorkerReport> {
  // Imported here, not at the top, so the sampling thread stays a bare runtime.
  const [{ builtinAssertion }, { BuiltinAssertionSchema }, { CaseSchema }, { buildSuite }] =
    await Promise.all([
      import("../core/suite/assertions/builtin.ts"),
      import("../core/suite/assertions/definition.ts"),
      import("../core/suite/case.ts"),
      import("../core/suite/suite.ts"),
    ]);
  const [{ RunSettingsSchema }, { executeCases }, { openTarget }] = await Promise.all([
    import("../core/suite/target_spec.ts"),
    import("../host/running/driver.ts"),
    import("../host/targets/mod.ts"),
  ]);
  const cases = Array.from({ length: config.n }, (_, i) => {
    const sentence = sentences[i % sentences.length];
    return CaseSchema.parse({
      id: `bench-${String(i + 1).padStart(5, "0")}`,
      vars: { text: sentence.text },
      expected: sentence.label === 1 ? "positive" : "negative",
      label: sentence.label,
    });
  });
  const assertions = [
    { name: "correct", kind: "equals", trim: true, ignore_case: true },
    { name: "says-ive", kind: "includes", value: "ive" },
    { name: "answers", kind: "regex", pattern: "^(positive|negative)$" },
  ].map((d) => builtinAssertion(BuiltinAssertionSchema.parse(d)));
  const latency = config.latencyMs;
  const suite = buildSuite({
    name: "bench-overhead",
    target: {
      kind: "function",
      name: `classify-${latency}ms`,
      fn: latency === 0 ? classify : async (vars) => {
        await new Promise((resolve) => setTimeout(resolve, latency));
        return classify(vars);
      },
    },
    settings: RunSettingsSchema.parse({ concurrency: config.concurrency, retries: 0 }),
    assertions,
    aggregates: [],
    cases,
  });
  const target = openTarget(suite.target, { suiteDir: "." });
  const floor = latency === 0 ? null : await timerFloor(config);
  const started = performance.now();
  const results = await executeCases(suite, { target });
  const wall = performance.now() - started;
  await target.close();
  return {
    wall_ms: wall,
    floor_ms: floor,
    cases: results.length,
    verdicts: results.reduce((sum, r) => sum + r.verdicts.length, 0),
  };
}

/**
 * The same N sleeps of `latency` ms, `concurrency` at a time, with no driver at all. setTimeout
 * fires a little late, every round, so even a zero-cost driver can not reach the nominal limit;
 * this is how far from it the timers alone land.
 */
async function timerFloor(config: Config): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: config.concurrency }, async () => {
    while (next < config.n) {
      next++;
      await new Promise((resolve) => setTimeout(resolve, config.latencyMs));
    }
  }));
  return performance.now() - started;
}

function classify(vars: { [key: string]: unknown }): string {
  const text = String(vars.text ?? "").toLowerCase();
  // A deliberately trivial engine: the bench measures the driver, not the classifier.
  return /great|good|love|excellent|best|nice|fresh|friendly|reliable/.test(text)
    ? "positive"
    : "negative";
}

async function loadSentences(file: string | undefined): Promise<{
  sentences: Sentence[];
  source: string;
}> {
  if (file !== undefined) {
    return { sentences: parseSentences(await Deno.readTextFile(file)), source: file };
  }
  const dir = fileURLToPath(new URL("../examples/sentiment/data/", import.meta.url));
  const found: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && entry.name.endsWith("_labelled.txt")) found.push(join(dir, entry.name));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  if (found.length === 0) return { sentences: generatedSentences(2000), source: "generated" };
  found.sort();
  const texts = await Promise.all(found.map((f) => Deno.readTextFile(f)));
  return { sentences: texts.flatMap(parseSentences), source: found.join(", ") };
}

function parseSentences(text: string): Sentence[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const header = lines[0]?.split("\t") ?? [];
  const textColumn = header.indexOf("text");
  const sentences: Sentence[] = textColumn === -1
    ? lines.map((line) => {
      const tab = line.lastIndexOf("\t");
      if (tab === -1) return { text: line, label: line.length % 2 === 0 ? 1 : 0 };
      return { text: line.slice(0, tab), label: line.slice(tab + 1).trim() === "1" ? 1 : 0 };
    })
    : lines.slice(1).map((line) => {
      const cells = line.split("\t");
      const label = cells[header.indexOf("label")];
      return { text: cells[textColumn] ?? "", label: label === "1" ? 1 : 0 };
    });
  if (sentences.length === 0) throw new Error("The cases file holds no sentences");
  return sentences;
}

function generatedSentences(count: number): Sentence[] {
  const good = ["great", "lovely", "excellent", "friendly", "fresh", "reliable"];
  const bad = ["awful", "slow", "broken", "rude", "stale", "flimsy"];
  const things = ["battery", "service", "staff", "pasta", "headset", "case", "menu", "charger"];
  let seed = 20261130;
  const next = (bound: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % bound;
  };
  return Array.from({ length: count }, () => {
    const label = next(2) as 0 | 1;
    const words = label === 1 ? good : bad;
    const thing = () => things[next(things.length)];
    const word = () => words[next(words.length)];
    return { text: `The ${thing()} was ${word()} and the ${thing()} was ${word()}.`, label };
  });
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function formatLine(m: Measurement): string {
  const mark = (ok: boolean | undefined) => (ok ? "PASS" : "MISS");
  const parts = [
    `N=${String(m.n).padStart(5)}`,
    `latency=${String(m.latency_ms).padStart(2)}ms`,
    `concurrency=${String(m.concurrency).padStart(2)}`,
    `wall=${m.wall_ms.toFixed(1).padStart(7)}ms`,
  ];
  if (m.ratio === null) {
    parts.push(
      `overhead=${m.overhead_ms_per_case.toFixed(4)}ms/case (goal <${GOALS.overheadMsPerCase}) ` +
        mark(m.goals.overhead),
    );
  } else {
    parts.push(
      `limit=${m.limit_ms}ms`,
      `overhead=${m.overhead_ms_per_case.toFixed(4)}ms/case`,
      `ratio=${m.ratio.toFixed(3)} (goal <=${GOALS.ratioToLimit}) ${mark(m.goals.ratio)}`,
      `[bare timers alone: ${m.timer_floor_ms?.toFixed(1)}ms = ratio ${
        ((m.timer_floor_ms ?? 0) / m.limit_ms).toFixed(3)
      }; driver ${m.driver_ms_per_case?.toFixed(4)}ms/case]`,
    );
  }
  parts.push(
    `peak_rss=${m.peak_rss_mb.toFixed(1)}MB` +
      (m.goals.memory === undefined ? "" : ` (goal <${GOALS.peakRssMb}) ${mark(m.goals.memory)}`),
  );
  return parts.join("  ");
}

function numbers(text: string, name: string): number[] {
  const values = text.split(",").map(Number);
  if (values.some((v) => !Number.isInteger(v) || v <= 0 && name !== "latency" || v < 0)) {
    throw new Error(`--${name} takes whole numbers separated by commas, got "${text}"`);
  }
  return values;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      json: { type: "boolean", default: false },
      cases: { type: "string" },
      n: { type: "string", default: "1000,5000" },
      latency: { type: "string", default: "0,20" },
      concurrency: { type: "string", default: "16,64" },
      e2e: { type: "boolean", default: false },
      checks: { type: "string", default: "3" },
      source: { type: "boolean", default: false },
    },
  });
  if (values.e2e) return await mainEndToEnd(values);
  const { sentences, source } = await loadSentences(values.cases);
  const measurements: Measurement[] = [];
  for (const n of numbers(values.n, "n")) {
    for (const latencyMs of numbers(values.latency, "latency")) {
      for (const concurrency of numbers(values.concurrency, "concurrency")) {
        const m = await measureInWorker({ n, latencyMs, concurrency }, sentences);
        measurements.push(m);
        if (!values.json) console.log(formatLine(m));
      }
    }
  }
  const missed = measurements.some((m) => Object.values(m.goals).includes(false));
  if (values.json) {
    const document = { source, sentences: sentences.length, goals: GOALS, measurements, missed };
    console.log(JSON.stringify(document, null, 2));
  } else {
    console.log(`sentences: ${sentences.length} from ${source}; ${missed ? "MISS" : "all PASS"}`);
  }
  if (missed) Deno.exitCode = 1;
}

async function mainEndToEnd(
  values: {
    n: string;
    latency: string;
    concurrency: string;
    checks: string;
    json: boolean;
    source: boolean;
  },
): Promise<void> {
  const checks = values.checks === "5" ? 5 : 3;
  const { entry, remove } = await benchEntry(values.source);
  if (!values.json) console.log(`through ${describeEntry(entry)}`);
  try {
    await measureAll({ values, checks, entry });
  } finally {
    await remove();
  }
}

async function measureAll(
  options: {
    values: { n: string; latency: string; concurrency: string; json: boolean };
    checks: 3 | 5;
    entry: Awaited<ReturnType<typeof benchEntry>>["entry"];
  },
): Promise<void> {
  const { values, checks, entry } = options;
  const measurements: (EndToEnd & { goals: Record<string, boolean> })[] = [];
  for (const n of numbers(values.n, "n")) {
    for (const latencyMs of numbers(values.latency, "latency")) {
      for (const concurrency of numbers(values.concurrency, "concurrency")) {
        const m = await measureEndToEnd({ n, latencyMs, concurrency, checks, entry });
        const goals: Record<string, boolean> = {
          startup: m.startup_ms <= E2E_GOALS.startupOverDeno * m.deno_ms,
          ...(m.ratio === null ? {} : { ratio: m.ratio <= E2E_GOALS.ratioToLimit }),
          ...(n === 5000
            ? {
              memory: m.peak_rss_mb <= E2E_GOALS.peakRssMb,
              codeFormMemory: m.code_form_peak_rss_mb <= E2E_GOALS.codeFormPeakRssMb,
            }
            : {}),
          ...(m.timer_floor_ms === null
            ? {}
            : { runPhase: m.run_ms <= E2E_GOALS.runOverTimerFloor * m.timer_floor_ms }),
          ...(n >= 10000 && checks === 5
            ? {
              compare: m.compare_after_startup_ms < E2E_GOALS.compareMs,
              compareFloor: m.compare_after_startup_ms <=
                E2E_GOALS.compareOverParseFloor * m.parse_floor_ms,
            }
            : {}),
        };
        measurements.push({ ...m, goals });
        if (!values.json) console.log(formatEndToEnd(m, goals));
      }
    }
  }
  const missed = measurements.some((m) => Object.values(m.goals).includes(false));
  if (values.json) {
    console.log(
      JSON.stringify({ entry: entry.kind, goals: E2E_GOALS, measurements, missed }, null, 2),
    );
  } else console.log(`end to end through the CLI: ${missed ? "MISS" : "all PASS"}`);
  if (missed) Deno.exitCode = 1;
}

function formatEndToEnd(m: EndToEnd, goals: Record<string, boolean>): string {
  const mark = (ok: boolean | undefined) => (ok === undefined ? "" : ok ? " PASS" : " MISS");
  return [
    `N=${m.n} x ${m.checks} checks  latency=${m.latency_ms}ms  concurrency=${m.concurrency}`,
    `  start-up ${m.startup_ms}ms (deno eval 0: ${m.deno_ms}ms; goal <= ${E2E_GOALS.startupOverDeno}x)${
      mark(goals.startup)
    }`,
    `  load ${m.load_ms}ms  run ${m.run_ms}ms  store ${m.store_ms}ms  wall ${m.wall_ms}ms`,
    ...(m.ratio === null ? [] : [
      `  wall / limit ${m.limit_ms}ms = ${m.ratio} (goal <= ${E2E_GOALS.ratioToLimit})${
        mark(goals.ratio)
      }`,
      ...(m.timer_floor_ms === null ? [] : [
        `  timer floor (a bare pool of the same sleeps in deno) ${m.timer_floor_ms}ms = ${
          Math.round((m.timer_floor_ms / m.limit_ms) * 1000) / 1000
        } of the limit; run phase / floor ${
          Math.round((m.run_ms / m.timer_floor_ms) * 1000) / 1000
        } (goal <= ${E2E_GOALS.runOverTimerFloor})${mark(goals.runPhase)}`,
      ]),
    ]),
    `  peak rss ${m.peak_rss_mb}MB${
      goals.memory === undefined ? "" : ` (goal <= ${E2E_GOALS.peakRssMb}MB)${mark(goals.memory)}`
    }`,
    `  code-form suite (suite.ts: a function target, a custom check; the source CLI) peak rss ${m.code_form_peak_rss_mb}MB${
      goals.codeFormMemory === undefined
        ? ""
        : ` (goal <= ${E2E_GOALS.codeFormPeakRssMb}MB)${mark(goals.codeFormMemory)}`
    }`,
    `  run cpu ${m.run_cpu_ms}ms (user + system; the machine may be shared)`,
    `  compare ${m.compare_ms}ms, ${m.compare_after_startup_ms}ms after start-up, cpu ${m.compare_cpu_after_startup_ms}ms after start-up${
      goals.compare === undefined ? "" : ` (goal < ${E2E_GOALS.compareMs}ms)${mark(goals.compare)}`
    }`,
    `  parse floor (a bare deno reads, decodes and parses the ${m.document_mb} MB document) ${m.parse_floor_ms}ms; compare after start-up / floor ${
      Math.round((m.compare_after_startup_ms / m.parse_floor_ms) * 100) / 100
    }${
      goals.compareFloor === undefined
        ? ""
        : ` (goal <= ${E2E_GOALS.compareOverParseFloor})${mark(goals.compareFloor)}`
    }`,
  ].join("\n");
}

/** The part of a worker's global scope this file uses (the default lib types the window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<{ config: Config; sentences: Sentence[] }>) => void) | null;
  postMessage(message: WorkerReport): void;
  close(): void;
}

const inWorker = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !==
  "undefined";
if (inWorker) {
  const scope = globalThis as unknown as WorkerScope;
  scope.onmessage = (event) => {
    runConfig(event.data.config, event.data.sentences).then((report) => {
      scope.postMessage(report);
      scope.close();
    });
  };
} else if (import.meta.main) {
  await main();
}
