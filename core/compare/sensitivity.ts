import { extraCallBudget, figureAlpha, noisyBudget } from "./alpha_split.ts";
import type { BaselineDraws } from "./baseline_draws.ts";
import { type BaselineSelection, splitForSelection } from "./baseline_split.ts";
import type { RunGate } from "../suite/gate_settings.ts";
import type { Figure } from "../run/run_document.ts";
import { minDetectableDrop, type PlannedCase } from "../statistics/min_detectable_drop.ts";

/** The smallest drop of the primary figure a baseline lets the gate detect. */
export interface Sensitivity {
  figure: string;
  alpha: number;
  power: number;
  /**
   * With one run (plain compare): each case drawn as often as a plain run draws it, at the
   * figure's share of alpha (the count of stable flips has the rest). Null when not computable,
   * or when the baseline is a single run, which measures no noise.
   */
  one_run: number | null;
  /** With `compare --confirm`'s planned extra draws of the noisy cases. */
  confirmed: number | null;
  /** The extra draws `compare --confirm` plans, by case (the list behind `confirmed`). */
  planned: { case_id: string; draws: number }[];
  /** The alpha `one_run` is stated at: the figure's share when the count of flips gates too. */
  one_run_alpha?: number;
  /** The alpha `confirmed` is stated at: what the confirmations of stable checks leave. */
  confirmed_alpha?: number;
}

/**
 * The minimum detectable drop of the primary figure at the gate's alpha and power, from the
 * baseline alone: each case's variance per draw, how many runs measured it, and how many draws a
 * candidate gives it (as many as a baseline run did, plus `--confirm`'s planned ones).
 */
export function sensitivityOf(
  primary: Figure,
  options: {
    gate: RunGate;
    draws: ReadonlyMap<string, BaselineDraws>;
    noisyDraws: ReadonlyMap<string, number>;
    /** How many runs the baseline is made of. */
    runs: number;
    /** The runs that chose the planned draws, which the test on them leaves out. */
    selection: BaselineSelection;
  },
): Sensitivity {
  const plain: PlannedCase[] = [];
  const confirmed: PlannedCase[] = [];
  const noisyDraws = withinBudget(options.noisyDraws, {
    budget: noisyBudget(
      extraCallBudget(options.gate, { cases: primary.counted.length }),
      options.gate,
    ),
  });
  // One run shows no case varying, so any figure it gave would promise a sensitivity nobody
  // measured: with a single baseline run the drop is not stated, and its cases are not listed.
  const measured = options.runs > 1;
  for (const id of measured ? primary.counted : []) {
    const seen = options.draws.get(id);
    if (seen === undefined) continue;
    const perRun = Math.max(1, Math.round(seen.values.length / seen.runs));
    plain.push({ baseline: seen.values, draws: perRun });
    confirmed.push({
      // The test on planned draws leaves the selection runs out (splitForSelection).
      baseline: noisyDraws.size === 0
        ? seen.values
        : splitForSelection(seen, options.selection)?.test ?? seen.values,
      draws: perRun * (1 + (noisyDraws.get(id) ?? 0)),
    });
  }
  const { alpha, power } = options.gate;
  const oneRunAlpha = figureAlpha(alpha, { flipCounted: options.runs > 1 });
  const confirmedAlpha = figureAlpha(alpha, { flipCounted: false, confirmed: true });
  const settings = { alpha, power, binary: primary.kind !== "mean" };
  return {
    figure: primary.name,
    alpha,
    power,
    one_run: measured ? minDetectableDrop(plain, { ...settings, alpha: oneRunAlpha }) : null,
    confirmed: measured
      ? minDetectableDrop(confirmed, { ...settings, alpha: confirmedAlpha })
      : null,
    planned: [...noisyDraws].map(([case_id, draws]) => ({ case_id, draws })),
    one_run_alpha: oneRunAlpha,
    confirmed_alpha: confirmedAlpha,
  };
}

/**
 * The noisy cases' draws a budget of extra calls allows when no stable check failed: as the plan
 * trims them (planConfirmation), so the stated drop is the one the draws can buy.
 */
function withinBudget(
  planned: ReadonlyMap<string, number>,
  options: { budget: number },
): Map<string, number> {
  const wanted = [...planned.values()].reduce((sum, d) => sum + d, 0);
  if (wanted <= options.budget) return new Map(planned);
  const each = Math.floor(options.budget / Math.max(1, planned.size));
  if (each >= 1) return new Map([...planned].map(([id, d]) => [id, Math.min(d, each)]));
  return new Map([...planned].slice(0, options.budget).map(([id]) => [id, 1]));
}
