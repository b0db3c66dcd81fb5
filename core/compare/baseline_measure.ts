import { type CheckHistory, checkHistory } from "./check_history.ts";
import { caseDraws, isPairable } from "./figure_draws.ts";
import type { RunGate } from "../suite/gate_settings.ts";
import { runGate } from "../run/run_gate.ts";
import type { BaselineDraws } from "./baseline_draws.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import { type Sensitivity, sensitivityOf } from "./sensitivity.ts";

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
  /** The extra draws `compare --confirm` gives each noisy case. */
  noisyDraws: Map<string, number>;
  sensitivity: Sensitivity | null;
}

/**
 * Measures a baseline of one or more runs of the same suite, the approved run first
 * (`approvedCases`: its cases by id, when the caller has them already).
 */
export function measureBaseline(
  runs: readonly RunDocument[],
  options: { approvedCases?: ReadonlyMap<string, CaseResult> } = {},
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
      for (const id of counted) {
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
  const noisyDraws = planNoisyDraws(runs, { gate, history });
  const primary = runs[0].figures.find((f) => f.name === gate.primary);
  return {
    runs,
    gate,
    history,
    draws,
    noisyDraws,
    sensitivity: primary === undefined || !isPairable(primary) ? null : sensitivityOf(primary, {
      gate,
      draws: draws.get(primary.name) ?? new Map(),
      noisyDraws,
      runs: runs.length,
    }),
  };
}

/**
 * Below this share of baseline runs going the other way, a case is near-stable: its variance is
 * small, and draws spent on it buy the figure's test little. Above it (a pass rate between 20%
 * and 80%), a case gets the suite's `noisy_draws`.
 */
const NOISY_SHARE = 0.2;

/** Whether a check's baseline verdicts, `passes` of `runs`, make its case noisy enough to draw. */
function isNoisy(passes: number, runs: number): boolean {
  const minority = Math.min(passes, runs - passes);
  return minority > 0 && minority >= NOISY_SHARE * runs;
}

/**
 * The chance that a case passing with probability π is found noisy by a baseline of `runs`
 * runs, and so gets `compare --confirm`'s extra draws: the plan as a probability, which the
 * figures' test needs (see DrawDesign).
 */
export function noisyChance(pi: number, runs: number): number {
  let chance = 0;
  let coefficient = 1;
  for (let k = 0; k <= runs; k++) {
    if (k > 0) coefficient = (coefficient * (runs - k + 1)) / k;
    if (isNoisy(k, runs)) chance += coefficient * pi ** k * (1 - pi) ** (runs - k);
  }
  return chance;
}

/**
 * The extra draws each case the baseline found noisy gets under `compare --confirm`, decided from
 * the baseline alone (never from what the run showed), so that adding them keeps the figures'
 * test fair: a case whose check of a tested figure went the other way in at least a fifth of the
 * baseline runs gets `noisy_draws`.
 */
export function planNoisyDraws(
  baselineRuns: readonly RunDocument[],
  options: { gate: RunGate; history?: CheckHistory },
): Map<string, number> {
  const planned = new Map<string, number>();
  // One run gives each check one verdict, which can not go both ways: no case is noisy.
  if (options.gate.noisy_draws === 0 || baselineRuns.length < 2) return planned;
  const checks = [...new Set(baselineRuns[0].figures.filter(isPairable).map((f) => f.over_id))];
  const history = options.history ?? checkHistory(baselineRuns);
  for (const c of baselineRuns[0].cases) {
    if (c.kind !== "normal") continue;
    const seen = history.get(c.case_id);
    const noisy = checks.some((id) => {
      const statuses = (seen?.get(id) ?? []).filter((s) => s !== "error");
      return isNoisy(statuses.filter((s) => s === "pass").length, statuses.length);
    });
    if (noisy) planned.set(c.case_id, options.gate.noisy_draws);
  }
  return planned;
}
