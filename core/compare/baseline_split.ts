import type { BaselineDraws } from "./baseline_draws.ts";

/**
 * How many of a baseline's runs (its last ones) choose the cases `compare --confirm` draws again
 * and are left out of the figure's test on those draws, when the approval records no selection
 * runs of its own: three of six or more runs, two of four or five, none below (then no case is
 * drawn for the figure). Choosing by runs the test does not use keeps the test exact without
 * conditioning on the choice, which cost the diffuse drop's power a tenth where the test
 * conditioned on a choice made from its own draws (ADR 0092).
 */
export function selectionRuns(runs: number): number {
  return runs >= 6 ? 3 : runs >= 4 ? 2 : 0;
}

/**
 * Which of a baseline's runs choose the cases `compare --confirm` draws again: the ones its
 * approval records (`selection_runs`, ADR 0107), else the count rule's last ones.
 */
export interface BaselineSelection {
  /** By the baseline's runs, in order: whether the run is a selection run. */
  chosen: readonly boolean[];
  /** How many selection runs there are. */
  count: number;
  /** Whether the approval recorded them, rather than the count rule placing them. */
  recorded: boolean;
}

/**
 * The selection runs of a baseline whose runs have these ids: the recorded ones by id when the
 * approval records a list (an empty list: none, so no case is drawn for the figure), else the
 * count rule's. The approved run is never a selection run: it is what every check is judged
 * against.
 */
export function baselineSelection(
  runIds: readonly string[],
  options: { recorded?: readonly string[] } = {},
): BaselineSelection {
  if (options.recorded === undefined) {
    const count = selectionRuns(runIds.length);
    return {
      chosen: runIds.map((_, i) => i >= runIds.length - count),
      count,
      recorded: false,
    };
  }
  const recorded = new Set(options.recorded);
  const chosen = runIds.map((id, i) => i > 0 && recorded.has(id));
  return { chosen, count: chosen.filter((c) => c).length, recorded: true };
}

/**
 * A case's baseline draws split into the runs the figure's test on planned draws uses and the
 * selection runs that chose the cases to draw; null for a case not counted in every run (it is
 * never chosen, so its every draw is the test's), or when no run chooses.
 */
export function splitForSelection(
  seen: BaselineDraws,
  selection: BaselineSelection,
): { test: readonly number[]; selection: readonly number[] } | null {
  const runs = selection.chosen.length;
  if (seen.runs !== runs || seen.values.length % runs !== 0 || selection.count === 0) {
    return null;
  }
  // Each run gave the case as many draws (its repeats), in the baseline's order of runs.
  const each = seen.values.length / runs;
  const test: number[] = [];
  const chosen: number[] = [];
  selection.chosen.forEach((isSelection, run) => {
    const draws = seen.values.slice(run * each, (run + 1) * each);
    (isSelection ? chosen : test).push(...draws);
  });
  return { test, selection: chosen };
}

/**
 * Whether a confirmation whose plan records `planned` as its selection runs (absent: the count
 * rule's, as every plan made before the field) was chosen by the runs that choose for this
 * baseline: only then does the figure's test on its draws leave out exactly the runs that chose.
 */
export function chosenByTheseRuns(
  planned: readonly string[] | undefined,
  baseline: { runIds: readonly string[]; recorded?: readonly string[] },
): boolean {
  const ids = (selection: BaselineSelection) =>
    baseline.runIds.filter((_, i) => selection.chosen[i]).join(" ");
  const now = ids(baselineSelection(baseline.runIds, { recorded: baseline.recorded }));
  return planned === undefined
    ? ids(baselineSelection(baseline.runIds)) === now
    : [...planned].join(" ") === now;
}
