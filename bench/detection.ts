/**
 * Measures digline's judgment, without any model: a seeded generator of synthetic suites whose
 * case i passes with a known probability p_i, baselines of B runs, and one candidate per
 * scenario and cycle, judged by the very functions the product calls (compareRuns,
 * planConfirmation, nextDraws) on run documents built like the driver's. It prints the false
 * alarms on steady and wobble, the power per drift shape and size, the confusion matrix, the
 * target calls per cycle divided by N, and the one-time cost of the baseline, each rate with a
 * 95% Wilson interval.
 *
 *   deno task bench:detection                       # 5,000 cycles per cell, N = 50, 200, 1000
 *   deno task bench:detection --cycles 500          # a quick look
 *   deno task bench:detection --sizes 200 --baseline-runs 5
 *   deno task bench:detection --sizes 200 --baseline-runs 10 --selection-runs 3
 *
 * A suite: 70% stable-pass cases (p = 0.98), 10% stable-fail (p = 0.02), 20% noisy
 * (p ~ U(0.3, 0.9)), spread over five groups; each call errors with probability 0.01 and the
 * driver's default two retries apply. Each cycle draws a new suite and a new baseline, then one
 * candidate per scenario. See docs/detection.md for what the numbers mean.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { computeFigures } from "../core/run/aggregate.ts";
import type { AggregateSpec } from "../core/suite/aggregate_spec.ts";
import { type BaselineMeasure, measureBaseline } from "../core/compare/baseline_measure.ts";
import { sensitivityLine } from "../cli/render_figures.ts";
import { compareRuns } from "../core/compare/compare_runs.ts";
import type { ConfirmationDocument } from "../core/compare/confirmation_document.ts";
import type { Fact } from "../core/compare/facts.ts";
import {
  confirmShortfall,
  nextDraws,
  planConfirmation,
} from "../core/compare/confirmation_plan.ts";
import { DEFAULT_GATE_SETTINGS, type RunGate } from "../core/suite/gate_settings.ts";
import type { CaseResult, RunDocument } from "../core/run/run_document.ts";
import { wilsonInterval } from "../core/statistics/wilson.ts";
import type { VerdictStatus } from "../core/verdict.ts";
import { seededRandom } from "./_seeded_random.ts";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: {
    cycles: { type: "string", default: "5000" },
    sizes: { type: "string", default: "50,200,1000" },
    "baseline-runs": { type: "string", default: "10" },
    /**
     * Promote this many runs more, recorded as the approval's selection runs (`promote
     * --selection-runs S`, ADR 0107); absent, the approval records none and the count rule's
     * last runs of the B choose.
     */
    "selection-runs": { type: "string" },
    seed: { type: "string", default: "20261130" },
    /** Only the scenarios whose names contain one of these, comma-separated. */
    scenarios: { type: "string", default: "" },
    alpha: { type: "string", default: String(DEFAULT_GATE_SETTINGS.alpha) },
    "noisy-draws": { type: "string", default: String(DEFAULT_GATE_SETTINGS.noisy_draws) },
    /**
     * `bench` (70% stable-pass, 10% stable-fail, 20% noisy), `mid` (every p in 0.5–0.8), `p09`
     * (every p = 0.9) or `shift` (bench, with a per-run shift of every case's log-odds, SD 0.2).
     */
    mix: { type: "string", default: "bench" },
    /** The SD of a per-run shift of every case's log-odds (a provider's bad hour); 0: none. */
    shift: { type: "string" },
    "confirm-draws": { type: "string", default: String(DEFAULT_GATE_SETTINGS.confirm_draws) },
    /** `[gate] max_extra_calls`; absent, the default (half the cases). */
    "max-extra-calls": { type: "string" },
  },
});
const CYCLES = Number(flags.cycles);
const SIZES = flags.sizes.split(",").map(Number);
const BASELINE_RUNS = Number(flags["baseline-runs"]);
const SELECTION_RUNS = flags["selection-runs"] === undefined
  ? undefined
  : Number(flags["selection-runs"]);
/** Every run the approval is made of: the test's B, then the selection runs. */
const PROMOTED_RUNS = BASELINE_RUNS + (SELECTION_RUNS ?? 0);
/** How the header names the baseline. */
const BASELINE_WORDS = SELECTION_RUNS === undefined
  ? `${BASELINE_RUNS} runs`
  : `${BASELINE_RUNS} runs and ${SELECTION_RUNS} selection runs`;
const SEED = Number(flags.seed);
const ONLY = flags.scenarios.split(",").filter((x) => x !== "");
const SHIFT = Number(flags.shift ?? (flags.mix === "shift" ? "0.2" : "0"));

const CALL_ERROR = 0.01;
const OUTAGE_ERROR = 0.3;
/** The driver's default: two retries after a transport failure, so three attempts in all. */
const ATTEMPTS = 3;
const GROUPS = 5;
const DROPS = [2, 3, 5, 10];
const CHECK = { id: "00000000000000c1", name: "correct", kind: "equals" };
const AGGREGATES: AggregateSpec[] = [{ name: "accuracy", kind: "accuracy", over: "correct" }];
/** The suite's `[gate]`: the defaults, unless --alpha, --noisy-draws or --max-extra-calls say otherwise. */
const GATE: RunGate = {
  ...DEFAULT_GATE_SETTINGS,
  alpha: Number(flags.alpha),
  noisy_draws: Number(flags["noisy-draws"]),
  confirm_draws: Number(flags["confirm-draws"]),
  ...(flags["max-extra-calls"] === undefined
    ? {}
    : { max_extra_calls: Number(flags["max-extra-calls"]) }),
  primary: "accuracy",
};

type Kind = "stable-pass" | "stable-fail" | "noisy";
type Truth = "no drop" | "drop" | "outage";

/** One synthetic suite: each case's true pass probability, kind and group. */
interface SyntheticSuite {
  p: number[];
  kind: Kind[];
  group: string[];
}

/** What a scenario does to the suite: new probabilities, and the rate at which calls error. */
interface Scenario {
  name: string;
  truth: Truth;
  shape?: "concentrated" | "diffuse" | "group";
  /** Judged against the deterministic baseline (every case certain), not the noisy one. */
  deterministic?: boolean;
  apply(suite: SyntheticSuite, context: { random: () => number }): {
    p: number[];
    callError: number;
  };
}

function makeSuite(n: number, random: () => number): SyntheticSuite {
  if (flags.mix === "p09") {
    const suite: SyntheticSuite = { p: [], kind: [], group: [] };
    for (let i = 0; i < n; i++) {
      suite.kind[i] = "noisy";
      suite.p[i] = 0.9;
      suite.group[i] = `g${Math.floor(random() * GROUPS)}`;
    }
    return suite;
  }
  if (flags.mix === "mid") {
    const suite: SyntheticSuite = { p: [], kind: [], group: [] };
    for (let i = 0; i < n; i++) {
      suite.kind[i] = "noisy";
      suite.p[i] = 0.5 + 0.3 * random();
      suite.group[i] = `g${Math.floor(random() * GROUPS)}`;
    }
    return suite;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const stablePass = Math.round(0.7 * n);
  const stableFail = Math.round(0.1 * n);
  const suite: SyntheticSuite = { p: [], kind: [], group: [] };
  order.forEach((rank, i) => {
    const kind: Kind = rank < stablePass
      ? "stable-pass"
      : rank < stablePass + stableFail
      ? "stable-fail"
      : "noisy";
    suite.kind[i] = kind;
    suite.p[i] = kind === "stable-pass"
      ? 0.98
      : kind === "stable-fail"
      ? 0.02
      : 0.3 + 0.6 * random();
    suite.group[i] = `g${Math.floor(random() * GROUPS)}`;
  });
  return suite;
}

const CASE_IDS = new Map<number, string[]>();

function caseIds(n: number): string[] {
  let ids = CASE_IDS.get(n);
  if (ids === undefined) {
    ids = Array.from({ length: n }, (_, i) => `c${String(i).padStart(4, "0")}`);
    CASE_IDS.set(n, ids);
  }
  return ids;
}

/** One draw of one case: up to three attempts, each erroring at `callError`. */
function drawCase(
  index: number,
  context: { suite: SyntheticSuite; p: number[]; callError: number; random: () => number },
): { result: CaseResult; calls: number } {
  let status: VerdictStatus = "error";
  let calls = 0;
  while (calls < ATTEMPTS) {
    calls++;
    if (context.random() < context.callError) continue;
    status = context.random() < context.p[index] ? "pass" : "fail";
    break;
  }
  return {
    result: {
      case_id: caseIds(context.suite.p.length)[index],
      kind: "normal",
      group: context.suite.group[index],
      verdicts: [{
        assertion_id: CHECK.id,
        assertion: CHECK.name,
        status,
        metadata: status === "error" ? { transport: true } : {},
      }],
      latency_ms: 0,
      attempts: calls,
    },
    calls,
  };
}

let runCounter = 0;

/** A run id in the store's shape; unique within the process. */
function runId(): string {
  runCounter++;
  return `20261130-000000-000-${(runCounter % 0xffffff).toString(16).padStart(6, "0")}`;
}

function runDocument(cases: CaseResult[]): RunDocument {
  const assertions = [CHECK];
  return {
    schema_version: 1,
    run_id: runId(),
    tenant: "bench",
    suite: {
      name: "synthetic",
      cases_digest: "aaaaaaaaaaaaaaaa",
      config_hash: "bbbbbbbbbbbbbbbb",
      source: "synthetic",
    },
    target: { kind: "function", name: "synthetic" },
    git_commit: null,
    started_at: "2026-11-30T00:00:00.000Z",
    finished_at: "2026-11-30T00:00:00.000Z",
    assertions,
    cases,
    figures: computeFigures(AGGREGATES, { assertions, cases }),
    gate: GATE,
  };
}

/**
 * The pass probabilities of one run under a per-run shift of every case's log-odds by one normal
 * draw of SD `SHIFT`: the cases fail together within the run. Certain cases stay certain.
 */
function shifted(p: readonly number[], random: () => number): number[] {
  if (SHIFT === 0) return [...p];
  const u = Math.max(1e-12, random());
  const delta = SHIFT * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return p.map((x) => x <= 0 || x >= 1 ? x : 1 / (1 + Math.exp(-(Math.log(x / (1 - x)) + delta))));
}

/** One run of every case. */
function drawRun(
  context: { suite: SyntheticSuite; p: number[]; callError: number; random: () => number },
): { run: RunDocument; calls: number } {
  let calls = 0;
  const cases = context.suite.p.map((_, i) => {
    const drawn = drawCase(i, context);
    calls += drawn.calls;
    return drawn.result;
  });
  return { run: runDocument(cases), calls };
}

/** B runs with no errored verdict, as promote demands: a run with one is run again. */
function drawBaseline(
  suite: SyntheticSuite,
  random: () => number,
): { runs: RunDocument[]; calls: number } {
  const runs: RunDocument[] = [];
  let calls = 0;
  while (runs.length < PROMOTED_RUNS) {
    const drawn = drawRun({ suite, p: shifted(suite.p, random), callError: CALL_ERROR, random });
    calls += drawn.calls;
    if (drawn.run.cases.every((c) => c.verdicts[0].status !== "error")) runs.push(drawn.run);
  }
  return { runs, calls };
}

/** The suite with every case made certain: each p rounded to 0 or 1. */
function certain(suite: SyntheticSuite): number[] {
  return suite.p.map((p) => (p >= 0.5 ? 1 : 0));
}

/** A deterministic system's baseline: every run gives the same verdicts, so one is drawn. */
function drawCertainBaseline(
  suite: SyntheticSuite,
  random: () => number,
): RunDocument[] {
  const p = certain(suite);
  for (;;) {
    const { run } = drawRun({ suite, p, callError: CALL_ERROR, random });
    if (run.cases.some((c) => c.verdicts[0].status === "error")) continue;
    return Array.from({ length: PROMOTED_RUNS }, () => ({ ...run, run_id: runId() }));
  }
}

function scale(
  suite: SyntheticSuite,
  options: { drop: number; chosen: (i: number) => boolean },
): number[] {
  const n = suite.p.length;
  const mass = suite.p.reduce((sum, p, i) => sum + (options.chosen(i) ? p : 0), 0);
  const factor = Math.max(0, 1 - (options.drop * n) / mass);
  return suite.p.map((p, i) => (options.chosen(i) ? p * factor : p));
}

function pick<T>(items: T[], count: number, random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

const ALL_SCENARIOS: Scenario[] = [
  {
    name: "steady",
    truth: "no drop",
    deterministic: true,
    // Nothing moves: a system whose every case is certain, measured and drawn again.
    apply: (suite) => ({ p: certain(suite), callError: CALL_ERROR }),
  },
  {
    name: "wobble",
    truth: "no drop",
    apply: (suite) => ({ p: suite.p, callError: CALL_ERROR }),
  },
  ...DROPS.map((points): Scenario => ({
    name: `concentrated −${points}`,
    truth: "drop",
    shape: "concentrated",
    apply: (suite, { random }) => {
      const drop = points / 100;
      const count = Math.max(1, Math.round((drop * suite.p.length) / 0.96));
      const stable = suite.kind.flatMap((k, i) => (k === "stable-pass" ? [i] : []));
      // A mix without stable cases breaks its most reliable ones.
      const broken = new Set(stable.length > 0 ? pick(stable, count, random) : mostReliable());
      function mostReliable(): number[] {
        const order = suite.p.map((_, i) => i).sort((a, b) => suite.p[b] - suite.p[a]);
        let lost = 0;
        const chosen: number[] = [];
        for (const i of order) {
          if (lost >= drop * suite.p.length) break;
          chosen.push(i);
          lost += suite.p[i] - 0.02;
        }
        return chosen;
      }
      return { p: suite.p.map((p, i) => (broken.has(i) ? 0.02 : p)), callError: CALL_ERROR };
    },
  })),
  ...DROPS.map((points): Scenario => ({
    name: `diffuse −${points}`,
    truth: "drop",
    shape: "diffuse",
    apply: (suite) => ({
      p: scale(suite, { drop: points / 100, chosen: (i) => suite.kind[i] === "noisy" }),
      callError: CALL_ERROR,
    }),
  })),
  ...DROPS.map((points): Scenario => ({
    name: `group −${points}`,
    truth: "drop",
    shape: "group",
    apply: (suite, { random }) => {
      const group = `g${Math.floor(random() * GROUPS)}`;
      return {
        p: scale(suite, { drop: points / 100, chosen: (i) => suite.group[i] === group }),
        callError: CALL_ERROR,
      };
    },
  })),
  {
    name: "improvement",
    truth: "no drop",
    apply: (suite) => ({
      p: suite.p.map((p, i) =>
        suite.kind[i] === "stable-fail" ? 0.98 : suite.kind[i] === "noisy" ? p + (1 - p) / 2 : p
      ),
      callError: CALL_ERROR,
    }),
  },
  {
    name: "structural",
    truth: "drop",
    apply: (suite, { random }) => {
      const inverted = new Set(
        pick(suite.p.map((_, i) => i), Math.round(0.4 * suite.p.length), random),
      );
      return { p: suite.p.map((p, i) => (inverted.has(i) ? 1 - p : p)), callError: CALL_ERROR };
    },
  },
  {
    name: "outage",
    truth: "outage",
    apply: (suite) => ({ p: suite.p, callError: OUTAGE_ERROR }),
  },
];

const SCENARIOS = ALL_SCENARIOS.filter((s) =>
  ONLY.length === 0 || ONLY.some((part) => s.name.includes(part))
);

/** What one cell (one scenario at one N) collected over its cycles. */
interface Cell {
  plain: [number, number, number];
  confirmed: [number, number, number];
  /** Target calls per cycle, divided by N: the run and its confirmation draws. */
  calls: number[];
  stableFlips: number;
  /** Cycles where compare --confirm's exit 1 had a confirmed regression, and a worse figure. */
  byRegression: number;
  byFigure: number;
  /** Cycles where plain compare's exit 1 came from the count of stable flips, the figure, both. */
  plainCause: { count: number; figure: number; both: number };
  /** Cycles where `--confirm` refused the baseline. */
  refused: number;
  /** Cycles where a worse figure was held within noise by the run-level test. */
  widened: number;
  /** `--confirm`'s exit 1 whose reading said the figure was worse case by case only. */
  doubted: number;
  /** The same of plain compare's exit 1 (ADR 0106). */
  plainDoubted: number;
}

/**
 * One cell as one line that bench/detection_run_level.ts reads back: the mix, its per-run shift,
 * N, B, the scenario, then plain compare's and `--confirm`'s exit 1 and exit 2 with their
 * trials (`--confirm` is refused on a short baseline: then its trials are 0), and the calls.
 */
function cellLine(scenario: Scenario, n: number, cell: Cell): string {
  const judged = CYCLES - cell.refused;
  const confirmed = judged === 0
    ? "refused"
    : `${rate(cell.confirmed[1], judged)} of ${judged}, exit 2 ${rate(cell.confirmed[2], judged)}`;
  return `cell | ${flags.mix} | shift ${SHIFT} | N ${n} | B ${BASELINE_WORDS} | ${scenario.name} | ` +
    `plain ${rate(cell.plain[1], CYCLES)} of ${CYCLES}, exit 2 ${rate(cell.plain[2], CYCLES)} | ` +
    `confirm ${confirmed} | calls/N ${meanInterval(cell.calls)}`;
}

/** Runs the candidate of one scenario against a baseline, plain and confirmed. */
function judge(
  scenario: Scenario,
  context: {
    suite: SyntheticSuite;
    baseline: RunDocument[];
    measure: BaselineMeasure;
    random: () => number;
  },
): {
  plain: 0 | 1 | 2;
  /** "refused": `--confirm` refuses this baseline (its k can not bound the confirmations). */
  confirmed: 0 | 1 | 2 | "refused";
  calls: number;
  stableFlips: number;
  byRegression: boolean;
  byFigure: boolean;
  plainCause: "count" | "figure" | "both" | null;
  /** Either mode's worse figure was held within noise by the run-level test. */
  widened: boolean;
  /** `--confirm` exited 1 and its reading said the figure was worse case by case only. */
  doubted?: boolean;
  /** Plain compare exited 1 and its reading said the same. */
  plainDoubted?: boolean;
} {
  const applied = scenario.apply(context.suite, { random: context.random });
  const { callError } = applied;
  // The run and its confirmation draws share one shift: they are drawn in the same hour.
  const p = scenario.deterministic ? applied.p : shifted(applied.p, context.random);
  const { measure } = context;
  const draw = { suite: context.suite, p, callError, random: context.random };
  const { run: candidate, calls: runCalls } = drawRun(draw);
  const plain = compareRuns(context.baseline, candidate, { measure });
  if (confirmShortfall(measure) !== null) {
    return {
      plain: plain.verdict,
      confirmed: "refused",
      calls: runCalls,
      stableFlips: plain.flips.stable.length,
      byRegression: false,
      byFigure: false,
      plainCause: plain.verdict === 1 ? plainCause(plain.facts) : null,
      widened: plain.run_noise?.widened === true,
    };
  }
  const plan = planConfirmation(measure, candidate);
  const rounds: CaseResult[][] = [];
  const index = new Map(caseIds(context.suite.p.length).map((id, i) => [id, i]));
  let calls = runCalls;
  for (let ids = nextDraws(plan, rounds); ids.length > 0; ids = nextDraws(plan, rounds)) {
    rounds.push(ids.map((id) => {
      const drawn = drawCase(index.get(id) ?? -1, draw);
      calls += drawn.calls;
      return drawn.result;
    }));
  }
  const confirmation: ConfirmationDocument = {
    schema_version: 1,
    confirmation_id: runId(),
    candidate_run: candidate.run_id,
    baseline_runs: context.baseline.map((r) => r.run_id),
    suite: { name: "synthetic", cases_digest: "aaaaaaaaaaaaaaaa", config_hash: "bbbbbbbbbbbbbbbb" },
    target: candidate.target,
    git_commit: null,
    started_at: candidate.started_at,
    finished_at: candidate.finished_at,
    plan,
    rounds,
  };
  const confirmed = compareRuns(context.baseline, candidate, { confirmation, measure });
  return {
    plain: plain.verdict,
    confirmed: confirmed.verdict,
    calls,
    stableFlips: confirmed.flips.stable.length,
    byRegression: confirmed.facts.some((f) => f.kind === "regression"),
    byFigure: confirmed.facts.some((f) => f.kind === "figure-worse"),
    plainCause: plain.verdict === 1 ? plainCause(plain.facts) : null,
    widened: plain.run_noise?.widened === true || confirmed.run_noise?.widened === true,
    doubted: confirmed.verdict === 1 && confirmed.run_noise?.runs_disagree === true,
    plainDoubted: plain.verdict === 1 && plain.run_noise?.runs_disagree === true,
  };
}

/** Which of plain compare's two tests made its exit 1 (ADR 0033), or both. */
function plainCause(facts: readonly Fact[]): "count" | "figure" | "both" | null {
  const count = facts.some((f) => f.kind === "stable-flips-worse");
  const figure = facts.some((f) => f.kind === "figure-worse");
  return count && figure ? "both" : count ? "count" : figure ? "figure" : null;
}

function percent(x: number): string {
  return `${(100 * x).toFixed(2)}%`;
}

function rate(hits: number, trials: number): string {
  const { low, high } = wilsonInterval(hits, trials);
  const short = (x: number) => (100 * x).toFixed(2);
  return `${percent(hits / trials).padStart(6)} [${short(low)}, ${short(high)}]`;
}

/** A mean with its 95% normal interval. */
function meanInterval(values: number[]): string {
  if (values.length === 0) return "not run";
  const m = mean(values);
  const sd = Math.sqrt(
    values.reduce((s, c) => s + (c - m) ** 2, 0) / Math.max(1, values.length - 1),
  );
  const half = 1.96 * sd / Math.sqrt(values.length);
  return `${m.toFixed(3)} [${(m - half).toFixed(3)}, ${(m + half).toFixed(3)}]`;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** The ids of the runs the approval records as selection runs (its last S), if it records any. */
function selectionIds(runs: readonly RunDocument[]): string[] | undefined {
  if (SELECTION_RUNS === undefined) return undefined;
  return runs.slice(runs.length - SELECTION_RUNS).map((r) => r.run_id);
}

function benchSize(n: number): void {
  const random = seededRandom(SEED + n);
  const cells = new Map<string, Cell>(SCENARIOS.map((s) => [s.name, {
    plain: [0, 0, 0],
    confirmed: [0, 0, 0],
    calls: [],
    stableFlips: 0,
    byRegression: 0,
    byFigure: 0,
    plainCause: { count: 0, figure: 0, both: 0 },
    refused: 0,
    widened: 0,
    doubted: 0,
    plainDoubted: 0,
  }]));
  let atRisk = 0;
  const baselineCalls: number[] = [];
  /** What `view` prints for the first cycle's baseline. */
  let example: string | undefined;
  const started = performance.now();
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const suite = makeSuite(n, random);
    const { runs: noisy, calls } = drawBaseline(suite, random);
    baselineCalls.push(calls / n);
    const noisyMeasure = measureBaseline(noisy, { selectionRuns: selectionIds(noisy) });
    if (noisyMeasure.run_noise?.at_risk === true) atRisk++;
    const sides = {
      noisy: { baseline: noisy, measure: noisyMeasure },
      certain: undefined as { baseline: RunDocument[]; measure: BaselineMeasure } | undefined,
    };
    example ??= sensitivityLine(sides.noisy.measure.sensitivity);
    for (const scenario of SCENARIOS) {
      let side = sides.noisy;
      if (scenario.deterministic) {
        if (sides.certain === undefined) {
          const baseline = drawCertainBaseline(suite, random);
          sides.certain = {
            baseline,
            measure: measureBaseline(baseline, { selectionRuns: selectionIds(baseline) }),
          };
        }
        side = sides.certain;
      }
      const outcome = judge(scenario, { suite, ...side, random });
      const cell = cells.get(scenario.name) as Cell;
      cell.plain[outcome.plain]++;
      if (outcome.confirmed === "refused") cell.refused++;
      else cell.confirmed[outcome.confirmed]++;
      if (outcome.widened) cell.widened++;
      if (outcome.doubted === true) cell.doubted++;
      if (outcome.plainDoubted === true) cell.plainDoubted++;
      cell.calls.push(outcome.calls / n);
      cell.stableFlips += outcome.stableFlips;
      if (outcome.byRegression) cell.byRegression++;
      if (outcome.byFigure) cell.byFigure++;
      if (outcome.plainCause !== null) cell.plainCause[outcome.plainCause]++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n== N = ${n}, baseline of ${BASELINE_WORDS}, ${CYCLES} cycles per cell ` +
      `(${seconds.toFixed(0)} s)`,
  );
  console.log(
    `one-time baseline cost: ${mean(baselineCalls).toFixed(2)} × N calls on average ` +
      `(p95 ${p95(baselineCalls).toFixed(2)}), runs with an errored verdict drawn again`,
  );
  if (example !== undefined) console.log(`the first baseline, as view prints it: ${example}`);
  console.log(
    `baselines whose runs vary together (run-level noise flagged): ${rate(atRisk, CYCLES)}`,
  );
  console.log(
    `${"scenario".padEnd(16)} ${"plain compare: exit 1".padEnd(26)} ${
      "--confirm: exit 1".padEnd(26)
    } ${"refused".padEnd(8)} ${"exit 2".padEnd(7)} ${"calls/N mean [95%]".padEnd(22)} p95    ` +
      `widened  from: regression figure`,
  );
  for (const scenario of SCENARIOS) {
    const cell = cells.get(scenario.name) as Cell;
    const judged = CYCLES - cell.refused;
    console.log(
      `${scenario.name.padEnd(16)} ${rate(cell.plain[1], CYCLES).padEnd(26)} ${
        (judged === 0 ? "refused" : rate(cell.confirmed[1], judged)).padEnd(26)
      } ${percent(cell.refused / CYCLES).padEnd(8)} ${
        percent(judged === 0 ? 0 : cell.confirmed[2] / judged).padEnd(7)
      } ${meanInterval(cell.calls).padEnd(22)} ${p95(cell.calls).toFixed(3)}  ${
        percent(cell.widened / CYCLES).padStart(7)
      } ${percent(cell.byRegression / Math.max(1, judged)).padStart(17)} ${
        percent(cell.byFigure / Math.max(1, judged)).padStart(7)
      }`,
    );
  }
  console.log(
    "\nexit 1 whose reading says the figure is worse case by case only, not run against run " +
      "(share of the mode's exit 1; then the share of cycles alarmed without it):",
  );
  for (const scenario of SCENARIOS) {
    const cell = cells.get(scenario.name) as Cell;
    const judged = CYCLES - cell.refused;
    const plain = cell.plain[1] === 0
      ? "no exit 1"
      : `${rate(cell.plainDoubted, cell.plain[1])}, unflagged ${
        rate(cell.plain[1] - cell.plainDoubted, CYCLES)
      }`;
    const confirmed = cell.confirmed[1] === 0
      ? "no exit 1"
      : `${rate(cell.doubted, cell.confirmed[1])}, unflagged ${
        rate(cell.confirmed[1] - cell.doubted, judged)
      }`;
    console.log(`${scenario.name.padEnd(16)} plain ${plain}; --confirm ${confirmed}`);
  }
  console.log("\nplain compare's exit 1, by the test that alarmed (share of cycles):");
  for (const scenario of SCENARIOS) {
    const { count, figure, both } = (cells.get(scenario.name) as Cell).plainCause;
    console.log(
      `${scenario.name.padEnd(16)} count of stable flips alone ${rate(count, CYCLES)}; ` +
        `figure alone ${rate(figure, CYCLES)}; both ${rate(both, CYCLES)}`,
    );
  }
  console.log(
    "\nconfusion matrix, compare --confirm (rows: what happened; columns: the exit code)",
  );
  console.log(
    `${"".padEnd(10)} ${"exit 0".padStart(9)} ${"exit 1".padStart(9)} ${"exit 2".padStart(9)}`,
  );
  for (const truth of ["no drop", "drop", "outage"] as Truth[]) {
    const totals = [0, 0, 0];
    for (const s of SCENARIOS.filter((x) => x.truth === truth)) {
      const cell = cells.get(s.name) as Cell;
      cell.confirmed.forEach((count, code) => (totals[code] += count));
    }
    console.log(
      `${truth.padEnd(10)} ${totals.map((t) => String(t).padStart(9)).join(" ")}`,
    );
  }
  console.log(
    "\none line per cell (rates with 95% Wilson intervals over the trials named; calls are the " +
      "mean target calls per trial over N):",
  );
  for (const scenario of SCENARIOS) {
    console.log(cellLine(scenario, n, cells.get(scenario.name) as Cell));
  }
  const wobble = cells.get("wobble")?.calls ?? [];
  const drift = SCENARIOS.filter((s) => s.shape !== undefined).flatMap((s) =>
    (cells.get(s.name) as Cell).calls
  );
  // A selection of scenarios may hold no wobble or no drift: say only what was measured.
  const callsOf = (calls: number[]) =>
    calls.length === 0 ? "not run" : `mean ${mean(calls).toFixed(3)} p95 ${p95(calls).toFixed(3)}`;
  console.log(
    `\ntarget calls per cycle / N: wobble ${callsOf(wobble)}; drift (every shape and size) ${
      callsOf(drift)
    }`,
  );
  goals(cells, n);
}

/** Issue 27's goals for this size, each with its measure and a 95% interval, met or not. */
function goals(cells: Map<string, Cell>, n: number): void {
  const judged = (cell: Cell) => CYCLES - cell.refused;
  const falseAlarm = (hits: number, trials: number) =>
    trials === 0 || (hits / trials <= 0.01 && wilsonInterval(hits, trials).high <= 0.012);
  const lines: [string, boolean, string][] = [];
  const wobble = cells.get("wobble");
  const limit = SHIFT > 0 ? 0.015 : 0.01;
  if (wobble !== undefined) {
    lines.push(
      [
        `plain compare: false alarms ≤ ${100 * limit}%${SHIFT > 0 ? "" : ", upper bound ≤ 1.2%"}`,
        SHIFT > 0 ? wobble.plain[1] / CYCLES <= limit : falseAlarm(wobble.plain[1], CYCLES),
        rate(wobble.plain[1], CYCLES),
      ],
      [
        `--confirm: false alarms ≤ ${100 * limit}%${SHIFT > 0 ? "" : ", upper bound ≤ 1.2%"}`,
        SHIFT > 0
          ? wobble.confirmed[1] / Math.max(1, judged(wobble)) <= limit
          : falseAlarm(wobble.confirmed[1], judged(wobble)),
        judged(wobble) === 0 ? "refused" : rate(wobble.confirmed[1], judged(wobble)),
      ],
      [
        "--confirm: calls ≤ 1.12 × N unchanged",
        mean(wobble.calls) <= 1.12,
        `${meanInterval(wobble.calls)} × N`,
      ],
    );
  }
  for (const shape of ["concentrated", "diffuse"]) {
    const cell = cells.get(`${shape} −5`);
    if (cell === undefined || judged(cell) === 0) continue;
    const most = shape === "diffuse" ? 1.4 : 1.5;
    lines.push(
      [
        `--confirm: power ≥ 90% at −5, ${shape}`,
        cell.confirmed[1] / judged(cell) >= 0.9,
        rate(cell.confirmed[1], judged(cell)),
      ],
      [
        `--confirm: calls ≤ ${most} × N at −5, ${shape}`,
        mean(cell.calls) <= most,
        `${meanInterval(cell.calls)} × N`,
      ],
    );
  }
  console.log(`\ngoals at N = ${n}, mix ${flags.mix}, a baseline of ${BASELINE_WORDS}:`);
  for (const [goal, met, measured] of lines) {
    console.log(`  ${met ? "met    " : "MISSED "} ${goal.padEnd(52)} measured ${measured}`);
  }
}

console.log(
  `bench/detection.ts: seed ${SEED}, mix ${flags.mix}, ${CYCLES} cycles per cell, N = ${
    SIZES.join(", ")
  }, ` +
    `baseline of ${BASELINE_WORDS}; gate alpha ${GATE.alpha}, noisy draws ${GATE.noisy_draws}, ` +
    `confirm draws ≤ ${GATE.confirm_draws}, per-run shift SD ${SHIFT}`,
);
for (const n of SIZES) benchSize(n);
