import type { BaselineDraws } from "./baseline_draws.ts";

/**
 * How many of a baseline's runs (its last ones) choose the cases `compare --confirm` draws again
 * and are left out of the figure's test on those draws: three of six or more runs, two of four
 * or five, none below (then no case is drawn for the figure). Choosing by runs the test does not
 * use keeps the test exact without conditioning on the choice, which cost the diffuse drop's
 * power a tenth where the test conditioned on a choice made from its own draws (ADR 0092).
 */
export function selectionRuns(runs: number): number {
  return runs >= 6 ? 3 : runs >= 4 ? 2 : 0;
}

/**
 * A case's baseline draws split into the runs the figure's test on planned draws uses and the
 * selection runs that chose the cases to draw; null for a case not counted in every run (it is
 * never chosen, so its every draw is the test's).
 */
export function splitForSelection(
  seen: BaselineDraws,
  options: { runs: number },
): { test: readonly number[]; selection: readonly number[] } | null {
  const selection = selectionRuns(options.runs);
  if (seen.runs !== options.runs || seen.values.length % options.runs !== 0 || selection === 0) {
    return null;
  }
  const cut = (seen.values.length / options.runs) * (options.runs - selection);
  return { test: seen.values.slice(0, cut), selection: seen.values.slice(cut) };
}
