import { type CompareRunsOptions, compareRunsWith, type Comparison } from "./comparison.ts";
import { recheckableCheck } from "./recheck_rules.ts";
import type { RunDocument } from "../run/run_document.ts";

export type {
  CompareRunsOptions,
  Comparison,
  ConfirmSummary,
  FigureComparison,
  FlipCountTest,
  Flips,
} from "./comparison.ts";

/**
 * Compares a candidate run with its baseline: cases by id, verdicts by assertion_id, figures by
 * name. The baseline is one run, or several runs of the same suite (the first is the approved
 * one) that measure its noise. Against one run, a check that passed and fails now is a
 * regression. Against several, without a `confirmation`, such a check is a stable flip, reported,
 * and the count of cases with one is tested against the baseline's history (flipCountTest) at a
 * share of alpha; with a `confirmation` (compare --confirm) it is a regression when its
 * confirmation draws confirm the break, and otherwise it is reported as unconfirmed while its
 * failure still counts in the figures. A check whose baseline verdicts differed is noisy and is judged through the
 * figures; the primary figure gates by a paired test at the gate's false-alarm rate. An errored
 * verdict on either side is unjudged.
 */
export function compareRuns(
  baselineRuns: RunDocument | readonly RunDocument[],
  candidate: RunDocument,
  options: CompareRunsOptions = {},
): Comparison {
  return compareRunsWith(baselineRuns, candidate, { ...options, rules: recheckableCheck });
}
