import { figureAlpha } from "./alpha_split.ts";
import type { BaselineDraws } from "./baseline_draws.ts";
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
  },
): Sensitivity {
  const plain: PlannedCase[] = [];
  const confirmed: PlannedCase[] = [];
  for (const id of primary.counted) {
    const seen = options.draws.get(id);
    if (seen === undefined) continue;
    const perRun = Math.max(1, Math.round(seen.values.length / seen.runs));
    plain.push({ baseline: seen.values, draws: perRun });
    confirmed.push({
      baseline: seen.values,
      draws: perRun * (1 + (options.noisyDraws.get(id) ?? 0)),
    });
  }
  const { alpha, power } = options.gate;
  const settings = { alpha, power, binary: primary.kind !== "mean" };
  // One run shows no case varying, so any figure it gave would promise a sensitivity nobody
  // measured: with a single baseline run the drop is not stated.
  const measured = options.runs > 1;
  return {
    figure: primary.name,
    alpha,
    power,
    one_run: measured
      ? minDetectableDrop(plain, {
        ...settings,
        alpha: figureAlpha(alpha, { flipCounted: true }),
      })
      : null,
    confirmed: measured
      ? minDetectableDrop(confirmed, {
        ...settings,
        alpha: figureAlpha(alpha, { flipCounted: false, confirmed: true }),
      })
      : null,
    planned: [...options.noisyDraws].map(([case_id, draws]) => ({ case_id, draws })),
  };
}
