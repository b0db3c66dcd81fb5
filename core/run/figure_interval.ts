import { sampleVariance } from "../statistics/case_variance.ts";
import { INTERVAL_CONFIDENCE, normalInterval } from "../statistics/normal_interval.ts";
import { type Interval, wilsonInterval } from "../statistics/wilson.ts";
import { casesById } from "./cases_by_id.ts";
import type { CaseResult, Figure, RunDocument } from "./run_document.ts";

/**
 * A run's figure with its 95% interval over the cases it counted: a rate (accuracy, precision,
 * recall) by Wilson's interval, which stays inside [0, 1] where a gate's figures live; a mean of
 * scores by the normal interval of the scores' mean. Null without a value, or for a mean of fewer
 * than two scores, whose spread is unknown.
 */
export function figureInterval(
  figure: Figure,
  cases: ReadonlyMap<string, CaseResult>,
): Interval | null {
  const n = figure.counted.length;
  if (figure.value === null || n === 0) return null;
  if (figure.kind !== "mean") {
    return wilsonInterval(Math.round(figure.value * n), n, { confidence: INTERVAL_CONFIDENCE });
  }
  const scores = figure.counted.flatMap((id) => {
    const score = cases.get(id)?.verdicts.find((v) => v.assertion_id === figure.over_id)?.score;
    return score === undefined ? [] : [score];
  });
  if (scores.length < 2) return null;
  return normalInterval(figure.value, Math.sqrt(sampleVariance(scores) / scores.length));
}

/** A run's figures' intervals by name, each figure without one left out. */
export function figureIntervals(run: RunDocument): Record<string, Interval> {
  // The cases are looked up only for a mean's scores.
  let cases: ReadonlyMap<string, CaseResult> = new Map();
  if (run.figures.some((f) => f.kind === "mean")) cases = casesById(run.cases);
  const intervals: Record<string, Interval> = {};
  for (const figure of run.figures) {
    const interval = figureInterval(figure, cases);
    if (interval !== null) intervals[figure.name] = interval;
  }
  return intervals;
}
