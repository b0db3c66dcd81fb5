import type { FigureComparison } from "../compare/compare_runs.ts";
import { figureStatusWord } from "../compare/explain_lines.ts";
import { normalQuantile } from "../statistics/normal.ts";

/** A figure's status as a page shows it: the class its cell takes and the word it reads. */
export interface ShownStatus {
  /** `better`, `worse`, ... as compare says, or `not-significant` for a rise the test can not tell from noise. */
  status: string;
  word: string;
}

/**
 * A figure's status for a page: "better" only where its paired rise is significant at the gate's
 * false-alarm rate (z ≥ z₁₋α, the one-sided rule a drop is held to), so a rise whose interval
 * spans zero is never drawn as a gain. compare's own status, and its reading, are unchanged.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * const rise = { status: "better", test: { z: 1.2 } } as Parameters<typeof shownFigureStatus>[0];
 * equal(shownFigureStatus(rise, { alpha: 0.01, baselineRuns: 1 }).word, "rose, not significant");
 * ```
 */
export function shownFigureStatus(
  figure: Pick<FigureComparison, "status" | "test">,
  gate: { alpha: number; baselineRuns: number },
): ShownStatus {
  if (figure.status === "better" && !significantRise(figure, gate.alpha)) {
    return {
      status: "not-significant",
      word: figure.test === null ? "rose, not tested" : "rose, not significant",
    };
  }
  return { status: figure.status, word: figureStatusWord(figure, gate.baselineRuns) };
}

function significantRise(figure: Pick<FigureComparison, "test">, alpha: number): boolean {
  return figure.test !== null && figure.test.z >= normalQuantile(1 - alpha);
}
