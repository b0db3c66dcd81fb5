import { type CheckHistory, checkHistory } from "./check_history.ts";
import { chosenForDraws, NOISY_SHARE } from "../statistics/conditional_drop.ts";
import { caseDraws, isPairable } from "./figure_draws.ts";
import type { RunGate } from "../suite/gate_settings.ts";
import { runGate } from "../run/run_gate.ts";
import type { BaselineDraws } from "./baseline_draws.ts";
import { type BaselineSelection, baselineSelection, splitForSelection } from "./baseline_split.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import { type Sensitivity, sensitivityOf } from "./sensitivity.ts";
import { baselineRunSpread, type RunNoise } from "./run_noise.ts";
import type { RunVariance } from "../statistics/run_variance.ts";

export type { BaselineDraws } from "./baseline_draws.ts";

/**
 * What a baseline measured, worked out once: the verdicts of every check in every run, each
 * testable figure's draws by case, the noisy cases' planned draws and the minimum detectable
 * drop. Every comparison against the baseline reads the same measure.
 */
export interface BaselineMeasure {
  runs: readonly RunDocument[];
  /** How comparisons against this baseline decide: its approved run's gate. */
  gate: RunGate;
  history: CheckHistory;
  /** By figure name, then case id: the draws of each figure a paired test can judge. */
  draws: Map<string, Map<string, BaselineDraws>>;
  /** The runs that choose the cases `compare --confirm` draws again (ADR 0107). */
  selection: BaselineSelection;
  /** The extra draws `compare --confirm` gives each noisy case. */
  noisyDraws: Map<string, number>;
  sensitivity: Sensitivity | null;
  /**
   * Whether the baseline's runs of the primary figure vary more than independent cases would
   * (run_noise.ts); null with fewer than three runs or no pairable primary figure.
   */
  run_noise: RunNoise | null;
  /**
   * What the baseline's runs of the primary figure vary beyond what independent cases give them
   * (runVariance, ADR 0130); null where run_noise is.
   */
  run_variance: RunVariance | null;
}

/**
 * Measures a baseline of one or more runs of the same suite, the approved run first
 * (`approvedCases`: its cases by id, when the caller has them already; `selectionRuns`: the ids
 * its approval records as selection runs, absent for an approval that records none).
 */
export function measureBaseline(
  runs: readonly RunDocument[],
  options: {
    approvedCases?: ReadonlyMap<string, CaseResult>;
    selectionRuns?: readonly string[];
  } = {},
): BaselineMeasure {
  const gate = runGate(runs[0]);
  const history = checkHistory(runs, options);
  const draws = new Map<string, Map<string, BaselineDraws>>();
  for (const figure of runs[0].figures) {
    if (!isPairable(figure)) continue;
    const byCase = new Map<string, BaselineDraws>();
    const draw = { assertionId: figure.over_id, score: figure.kind === "mean" };
    const approved = options.approvedCases;
    if (runs.length === 1 && approved !== undefined && approved.size === runs[0].cases.length) {
      // One run whose case ids are its own: each counted case found by id, without a set of the
      // counted ids (at 100,000 cases, a collection's worth of garbage).
      // The first figure of the name, as for several runs below (a grouped figure shares it).
      const counted = runs[0].figures.find((f) => f.name === figure.name)?.counted ?? [];
      for (let i = 0; i < counted.length; i++) {
        const id = counted[i];
        // An id counted twice sets the same draws twice, as the walk over cases counts it once.
        const c = approved.get(id);
        if (c !== undefined) byCase.set(id, { values: caseDraws(c, draw), runs: 1 });
      }
      draws.set(figure.name, byCase);
      continue;
    }
    for (const run of runs) {
      const counted = new Set(run.figures.find((f) => f.name === figure.name)?.counted ?? []);
      for (const c of run.cases) {
        if (!counted.has(c.case_id)) continue;
        const seen = byCase.get(c.case_id);
        const values = caseDraws(c, draw);
        if (seen === undefined) byCase.set(c.case_id, { values, runs: 1 });
        else {
          seen.values = [...seen.values, ...values];
          seen.runs += 1;
        }
      }
    }
    draws.set(figure.name, byCase);
  }
  const selection = baselineSelection(runs.map((r) => r.run_id), {
    recorded: options.selectionRuns,
  });
  const noisyDraws = planNoisyDraws(runs, { gate, draws, selection });
  const primary = runs[0].figures.find((f) => f.name === gate.primary);
  const spread = primary === undefined || !isPairable(primary)
    ? { noise: null, variance: null }
    : baselineRunSpread(draws.get(primary.name), { runs: runs.length });
  return {
    runs,
    gate,
    history,
    draws,
    selection,
    noisyDraws,
    run_noise: spread.noise,
    run_variance: spread.variance,
    sensitivity: primary === undefined || !isPairable(primary) ? null : sensitivityOf(primary, {
      gate,
      draws: draws.get(primary.name) ?? new Map(),
      noisyDraws,
      runs: runs.length,
      selection,
    }),
  };
}

/**
 * The chance that a case passing with probability π is chosen for `compare --confirm`'s extra
 * draws by a baseline of `draws` draws (chosenForDraws): the plan as a probability, which the
 * figures' standard error uses (see DrawDesign).
 */
export function noisyChance(pi: number, draws: number): number {
  let chance = 0;
  let coefficient = 1;
  for (let k = 0; k <= draws; k++) {
    if (k > 0) coefficient = (coefficient * (draws - k + 1)) / k;
    const minority = Math.min(k, draws - k);
    if (minority > 0 && minority >= NOISY_SHARE * draws) {
      chance += coefficient * pi ** k * (1 - pi) ** (draws - k);
    }
  }
  return chance;
}

/**
 * The extra draws each case gets under `compare --confirm`, decided from the primary figure's
 * draws in the baseline's selection runs alone (chosenForDraws over `selection`), never from
 * what the run showed; the figure's test on those draws leaves the selection runs out, so the
 * choice is independent of every draw it counts. None when the primary figure can not be paired,
 * or when no run chooses (a baseline too short to spare any, or an approval that records none).
 */
export function planNoisyDraws(
  baselineRuns: readonly RunDocument[],
  options: {
    gate: RunGate;
    draws: ReadonlyMap<string, ReadonlyMap<string, BaselineDraws>>;
    selection: BaselineSelection;
  },
): Map<string, number> {
  const planned = new Map<string, number>();
  if (options.gate.noisy_draws === 0 || options.selection.count === 0) return planned;
  const primary = baselineRuns[0].figures.find((f) => f.name === options.gate.primary);
  if (primary === undefined || !isPairable(primary)) return planned;
  const byCase = options.draws.get(primary.name);
  if (byCase === undefined) return planned;
  const binary = primary.kind !== "mean";
  for (const c of baselineRuns[0].cases) {
    if (c.kind !== "normal") continue;
    const seen = byCase.get(c.case_id);
    const split = seen === undefined ? null : splitForSelection(seen, options.selection);
    if (split !== null && chosenForDraws(split.selection, { binary })) {
      planned.set(c.case_id, options.gate.noisy_draws);
    }
  }
  return planned;
}
