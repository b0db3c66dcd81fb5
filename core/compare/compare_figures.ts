import { type BaselineDraws, type BaselineMeasure, noisyChance } from "./baseline_measure.ts";
import { type BaselineSelection, splitForSelection } from "./baseline_split.ts";
import { caseDraws, isPairable } from "./figure_draws.ts";
import type { RunGate } from "../suite/gate_settings.ts";
import { higherIsBetter } from "../suite/aggregate_direction.ts";
import { casesById } from "../run/cases_by_id.ts";
import type { CaseResult, Figure, RunDocument } from "../run/run_document.ts";
import { benjaminiHochberg } from "../statistics/benjamini_hochberg.ts";
import { normalQuantile } from "../statistics/normal.ts";
import { normalInterval } from "../statistics/normal_interval.ts";
import type { Interval } from "../statistics/wilson.ts";
import {
  type DrawDesign,
  type PairedCase,
  pairedDropTest,
  type PairedTest,
} from "../statistics/paired_drop.ts";

/** A figure on both sides, and what became of it. */
export interface FigureComparison {
  name: string;
  baseline: number | null;
  candidate: number | null;
  delta: number | null;
  /**
   * The drop the baseline's measured noise excuses: z₁₋α times the paired test's standard error,
   * so a paired change further down than −floor is significant at the gate's false-alarm rate
   * (before any correction across figures); 0 for a figure without a paired test.
   */
  floor: number;
  status:
    | "worse"
    | "flagged"
    | "untested"
    | "within-noise"
    | "better"
    | "unchanged"
    | "missing"
    | "uncomputable"
    | "new";
  /** primary: it gates; secondary: tested, corrected across figures, never gates; diagnostic. */
  role: "primary" | "secondary" | "diagnostic";
  /** The paired test over the cases both sides counted; null where none applies. */
  test: PairedTest | null;
  /** How many cases the paired test paired (0 without one). */
  paired_cases?: number;
  /**
   * The paired change's 95% interval in the figure's own units (normalInterval of the paired
   * difference and its standard error); null where no paired test applies.
   */
  interval: Interval | null;
}

/** Below this a difference between two figures is rounding, not movement. */
const EPSILON = 1e-9;

/**
 * Each baseline figure against the candidate's. A figure that can be paired is tested case by
 * case (pairedDropTest) over the cases both sides counted, with every baseline run's draws and
 * the candidate's own draws plus `extra` (the confirmation draws planned from the baseline). The
 * primary figure is worse when its drop is significant at the gate's alpha; the others are
 * corrected together by Benjamini–Hochberg at the same rate and a significant drop is flagged,
 * which is reported and never gates: one figure gates, so the false-alarm rate is the declared one.
 */
export function compareFigures(
  runs: readonly RunDocument[],
  candidate: RunDocument,
  options: {
    measure: BaselineMeasure;
    extra?: ReadonlyMap<string, readonly CaseResult[]>;
    /** The primary figure's false-alarm rate: the gate's alpha, or its share of it. */
    alpha?: number;
    /** Of the baseline-noisy cases, the share `extra` was planned for (a budget keeps fewer). */
    noisyShare?: number;
    /** The candidate's cases by id, when the caller has them already. */
    candidateCases?: ReadonlyMap<string, CaseResult>;
  },
): FigureComparison[] {
  const result: FigureComparison[] = [];
  const gate = { ...options.measure.gate, alpha: options.alpha ?? options.measure.gate.alpha };
  const byName = new Map(candidate.figures.map((f) => [f.name, f]));
  const candidateCases = options.candidateCases ?? casesById(candidate.cases);
  const critical = normalQuantile(1 - gate.alpha);
  const runCount = options.measure.runs.length;
  const rising = new Map(
    (candidate.aggregates ?? []).map((a) => [a.name, higherIsBetter(a)] as const),
  );
  // With --confirm's planned draws, the test is told how the plan picks cases (DrawDesign), and
  // how many rounds were really drawn: a cap on the rounds (the operator's max_reruns, errors)
  // leaves planned cases with fewer than noisy_draws, and a design that assumed them all would
  // understate the variance; each drawn case counts its own rounds (pairedDropTest).
  const drawnRounds = Math.max(0, ...[...(options.extra?.values() ?? [])].map((d) => d.length));
  const share = options.noisyShare ?? 1;
  const design: DrawDesign | undefined = drawnRounds === 0 ? undefined : {
    extra: drawnRounds,
    chance: (pi) => share * noisyChance(pi, options.measure.selection.count),
  };
  for (const old of runs[0].figures) {
    const now = byName.get(old.name);
    const sides = runs.map((r) => r.figures.find((f) => f.name === old.name));
    const values = sides.map((f) => f?.value ?? null);
    const base = values.every((v) => v !== null)
      ? (values as number[]).reduce((a, b) => a + b, 0) / values.length
      : null;
    const role = old.name === gate.primary
      ? "primary"
      : isPairable(old)
      ? "secondary"
      : "diagnostic";
    const row = {
      name: old.name,
      baseline: base,
      role,
      floor: 0,
      test: null,
      interval: null,
    } as const;
    if (now === undefined) {
      result.push({ ...row, candidate: null, delta: null, status: "missing" });
      continue;
    }
    if (base === null || now.value === null) {
      result.push({ ...row, candidate: now.value, delta: null, status: "uncomputable" });
      continue;
    }
    const baselineDraws = options.measure.draws.get(old.name);
    // A figure where lower is better is tested as its negation: a rise is then the drop tested.
    const sign = rising.get(now.aggregate) === false ? -1 : 1;
    // Planned draws serve the primary figure, chosen by its draws in the selection runs: its test
    // leaves those runs out; the other figures are judged on the run's draws alone.
    const extra = role === "primary" && drawnRounds > 0 ? options.extra : undefined;
    const pairs = baselineDraws !== undefined && isPairable(now)
      ? pairedCases(now, {
        baselineDraws,
        candidateCases,
        extra,
        sign,
        selection: options.measure.selection,
      })
      : [];
    const test = pairedDropTest(pairs, {
      binary: now.kind !== "mean",
      design: extra === undefined ? undefined : design,
      exact: runCount > 1,
    });
    const delta = now.value - base;
    // The paired change can be nil while the value moved (the counted cases changed): the value's
    // own move then decides the word, so a changed figure is never called unchanged.
    const paired = test === null || Math.abs(test.difference) <= EPSILON ? null : test.difference;
    const moved = paired ?? sign * delta;
    // The word must agree with the move the reader sees: a figure whose value dropped is never
    // "better", though its paired difference (with --confirm's draws counted) rose.
    const shownDrop = sign * delta < -EPSILON;
    const floor = test === null ? 0 : critical * test.standard_error;
    result.push({
      ...row,
      candidate: now.value,
      delta,
      // A rate can not drop further than to 0 (or rise past 1): no floor beyond what can move.
      floor: now.kind === "mean" ? floor : Math.min(floor, sign > 0 ? base : 1 - base),
      paired_cases: pairs.length,
      test,
      interval: test === null
        ? null
        : changeInterval(test, { sign, base, rate: now.kind !== "mean" }),
      status: test === null && moved < -EPSILON
        ? "untested"
        : moved < -EPSILON
        ? "within-noise"
        : moved > EPSILON
        ? (shownDrop ? "within-noise" : "better")
        : "unchanged",
    });
  }
  judge(result, {
    gate,
    means: new Set(runs[0].figures.filter((f) => f.kind === "mean").map((f) => f.name)),
  });
  const known = new Set(runs[0].figures.map((f) => f.name));
  for (const now of candidate.figures) {
    if (known.has(now.name)) continue;
    result.push({
      name: now.name,
      baseline: null,
      candidate: now.value,
      delta: null,
      floor: 0,
      status: "new",
      role: now.name === gate.primary ? "primary" : "diagnostic",
      test: null,
      interval: null,
    });
  }
  return result;
}

/**
 * The paired change's interval in the figure's units. A rate's change can not take it below 0 or
 * above 1, so its interval stops at −baseline and 1 − baseline, as the floor does.
 */
function changeInterval(
  test: PairedTest,
  options: { sign: number; base: number; rate: boolean },
): Interval {
  const { low, high } = normalInterval(options.sign * test.difference, test.standard_error);
  if (!options.rate) return { low, high };
  return { low: Math.max(low, -options.base), high: Math.min(high, 1 - options.base) };
}

/**
 * Marks the primary worse at alpha, and flags the secondaries Benjamini–Hochberg finds. A mean
 * figure must also have dropped by `min_change`: significance alone says the drop is real, not
 * that it matters, and near-constant scores make any drop significant.
 */
function judge(
  figures: FigureComparison[],
  context: { gate: RunGate; means: ReadonlySet<string> },
): void {
  const { gate } = context;
  const dropped = (f: FigureComparison) => {
    const difference = f.test?.difference ?? 0;
    const least = context.means.has(f.name) ? gate.min_change : 0;
    return difference < -EPSILON && difference <= -least + EPSILON;
  };
  for (const f of figures) {
    if (f.role === "primary" && f.test !== null && dropped(f)) {
      if (f.test.p_value <= gate.alpha) f.status = "worse";
    }
  }
  const tested = figures.filter((f) => f.role === "secondary" && f.test !== null);
  const flags = benjaminiHochberg(tested.map((f) => f.test?.p_value ?? 1), { q: gate.alpha });
  tested.forEach((f, i) => {
    if (flags[i] && dropped(f)) f.status = "flagged";
  });
}

/** The cases a figure counted on both sides, each with its draws on each side. */
function pairedCases(
  now: Figure,
  where: {
    baselineDraws: ReadonlyMap<string, BaselineDraws>;
    candidateCases: ReadonlyMap<string, CaseResult>;
    extra?: ReadonlyMap<string, readonly CaseResult[]>;
    /** -1 for a figure where lower is better: its draws are negated. */
    sign: number;
    /** The baseline's selection runs, left out of the test where draws were planned. */
    selection: BaselineSelection;
  },
): PairedCase[] {
  const draw = { assertionId: now.over_id, score: now.kind === "mean" };
  const negated = !(where.sign > 0);
  const pairs: PairedCase[] = [];
  const counted = now.counted;
  // An indexed loop and nothing made per case but its pair: compare walks every counted case
  // here once, in code too cold for V8 to have optimised.
  for (let i = 0; i < counted.length; i++) {
    const id = counted[i];
    const seen = where.baselineDraws.get(id);
    // With planned draws the selection runs that chose them are left out (planNoisyDraws).
    const split = seen === undefined || where.extra === undefined
      ? null
      : splitForSelection(seen, where.selection);
    const baseline = split?.test ?? seen?.values;
    const own = where.candidateCases.get(id);
    if (own === undefined || baseline === undefined || baseline.length === 0) continue;
    const extra = where.extra?.get(id) ?? NO_EXTRA;
    const candidate = extra.length === 0
      ? caseDraws(own, draw)
      : [own, ...extra].flatMap((result) => caseDraws(result, draw));
    pairs.push({
      baseline: negated ? baseline.map((v) => -v) : baseline,
      candidate: negated ? candidate.map((v) => -v) : candidate,
      rounds: 1 + extra.length,
    });
  }
  return pairs;
}

const NO_EXTRA: readonly CaseResult[] = Object.freeze([]);
