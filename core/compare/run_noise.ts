import type { BaselineDraws } from "./baseline_draws.ts";
import { caseDraws } from "./figure_draws.ts";
import type { CaseResult, Figure } from "../run/run_document.ts";
import { runLevelNoise, type RunNoise, runNoiseWiden } from "../statistics/run_level_noise.ts";
import { type RunVariance, runVariance } from "../statistics/run_variance.ts";

export type { RunNoise } from "../statistics/run_level_noise.ts";

/** Each case's value in each baseline run (its draws' mean in that run), for every-run cases. */
function perRun(
  draws: ReadonlyMap<string, BaselineDraws>,
  options: { runs: number },
): Map<string, number[]> {
  const byCase = new Map<string, number[]>();
  for (const [id, seen] of draws) {
    if (seen.runs !== options.runs || seen.values.length % options.runs !== 0) continue;
    const each = seen.values.length / options.runs;
    const values: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      let sum = 0;
      for (let j = 0; j < each; j++) sum += seen.values[r * each + j];
      values.push(sum / each);
    }
    byCase.set(id, values);
  }
  return byCase;
}

/**
 * Whether the baseline's runs of the primary figure vary more than independent cases would
 * (runLevelNoise), and by how much as a variance (runVariance), from one table of each case's
 * value in each run; both null with fewer than three runs.
 */
export function baselineRunSpread(
  draws: ReadonlyMap<string, BaselineDraws> | undefined,
  options: { runs: number },
): { noise: RunNoise | null; variance: RunVariance | null } {
  if (draws === undefined || options.runs < 3) return { noise: null, variance: null };
  const values = [...perRun(draws, options).values()];
  return { noise: runLevelNoise(values), variance: runVariance(values) };
}

/**
 * The run-level variance the primary figure's case-level test adds to its own (ADR 0130): null
 * when the runs' spread is strong enough that the test counts runs outright (runNoiseWiden), or
 * when it was not measured.
 */
export function figureRunVariance(measure: {
  run_noise: RunNoise | null;
  run_variance: RunVariance | null;
  runs: readonly unknown[];
}): RunVariance | null {
  const noise = measure.run_noise;
  if (noise === null || noise.p_value <= runNoiseWiden(measure.runs.length)) return null;
  return measure.run_variance;
}

/** The primary figure's totals over the cases every run counted: each baseline run's, and the candidate's. */
export interface RunTotals {
  baseline: number[];
  candidate: number;
  /** The cases the totals sum over. */
  cases: number;
}

/**
 * The totals the run-level test compares: the candidate run's total of the primary figure over
 * the cases every run counted, and each baseline run's over the same cases, with `sign` −1 for a
 * figure where lower is better (so a drop is always a lower total). The candidate's total is its
 * run's own draws' means: `--confirm`'s extra draws share the run's hour and add nothing here.
 */
export function runLevelTotals(
  draws: ReadonlyMap<string, BaselineDraws> | undefined,
  options: {
    runs: number;
    figure: Figure;
    candidateCases: ReadonlyMap<string, CaseResult>;
    sign: number;
  },
): RunTotals | null {
  if (draws === undefined) return null;
  const totals = new Array<number>(options.runs).fill(0);
  let candidate = 0;
  let cases = 0;
  const draw = { assertionId: options.figure.over_id, score: options.figure.kind === "mean" };
  const counted = new Set(options.figure.counted);
  for (const [id, values] of perRun(draws, options)) {
    const own = options.candidateCases.get(id);
    if (own === undefined || !counted.has(id)) continue;
    const now = caseDraws(own, draw);
    if (now.length === 0) continue;
    candidate += options.sign * now.reduce((s, v) => s + v, 0) / now.length;
    values.forEach((v, r) => (totals[r] += options.sign * v));
    cases += 1;
  }
  return { baseline: totals, candidate, cases };
}
