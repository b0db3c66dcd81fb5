import { planNoisyDraws } from "./confirmation_plan.ts";
import { caseDraws, isPairable } from "./figure_draws.ts";
import { type RunGate, runGate } from "./gate.ts";
import type { RunDocument } from "./run_document.ts";
import { minDetectableDrop, type PlannedCase } from "./statistics/min_detectable_drop.ts";

/** The smallest drop of the primary figure a baseline lets the gate detect. */
export interface Sensitivity {
  figure: string;
  alpha: number;
  power: number;
  /** With one run: each case drawn as often as a plain run draws it. Null if not computable. */
  one_run: number | null;
  /** With `compare --confirm`'s planned extra draws of the noisy cases. */
  confirmed: number | null;
  /** The extra draws `compare --confirm` plans, by case (the list behind `confirmed`). */
  planned: { case_id: string; draws: number }[];
}

/**
 * The minimum detectable drop of the primary figure at the gate's alpha and power, from the
 * baseline's runs alone: each case's variance per draw, how many runs measured it, and how many
 * draws a candidate gives it. Null when the suite has no primary figure that can be paired.
 */
export function sensitivity(
  baselineRuns: readonly RunDocument[],
  options: { gate?: RunGate } = {},
): Sensitivity | null {
  const gate = options.gate ?? runGate(baselineRuns[0]);
  const figures = baselineRuns.map((r) => r.figures.find((f) => f.name === gate.primary));
  const first = figures[0];
  if (first === undefined || !isPairable(first)) return null;
  const planned = planNoisyDraws(baselineRuns, { gate });
  const draw = { assertionId: first.over_id, score: first.kind === "mean" };
  const counted = figures.map((f) => new Set(f?.counted ?? []));
  const runCases = baselineRuns.map((r) => new Map(r.cases.map((c) => [c.case_id, c])));
  const plain: PlannedCase[] = [];
  const confirmed: PlannedCase[] = [];
  for (const id of first.counted) {
    const baseline: number[] = [];
    let runs = 0;
    runCases.forEach((cases, r) => {
      const c = cases.get(id);
      if (c === undefined || !counted[r].has(id)) return;
      runs += 1;
      baseline.push(...caseDraws(c, draw));
    });
    if (runs === 0) continue;
    const perRun = Math.max(1, Math.round(baseline.length / runs));
    plain.push({ baseline, draws: perRun });
    confirmed.push({ baseline, draws: perRun * (1 + (planned.get(id) ?? 0)) });
  }
  const settings = { alpha: gate.alpha, power: gate.power, binary: first.kind !== "mean" };
  return {
    figure: first.name,
    alpha: gate.alpha,
    power: gate.power,
    one_run: minDetectableDrop(plain, settings),
    confirmed: minDetectableDrop(confirmed, settings),
    planned: [...planned].map(([case_id, draws]) => ({ case_id, draws })),
  };
}
