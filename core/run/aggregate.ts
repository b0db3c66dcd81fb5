import type { AggregateSpec } from "../suite/aggregate_spec.ts";
import type { CaseResult, Exclusions, Figure } from "./run_document.ts";

/** The assertion an aggregate is over, by name and by identity. */
export interface AssertionRef {
  id: string;
  name: string;
}

/**
 * Computes every declared figure from a run's case results. Each figure finds its verdict by
 * assertion_id, never by a display name, and lists every case it left out and why.
 */
export function computeFigures(
  aggregates: readonly AggregateSpec[],
  options: { assertions: readonly AssertionRef[]; cases: readonly CaseResult[] },
): Figure[] {
  const figures: Figure[] = [];
  for (const spec of aggregates) {
    const over = options.assertions.find((a) => a.name === spec.over);
    if (over === undefined) continue;
    figures.push(computeFigure(spec, { over, cases: options.cases, group: null }));
    if (spec.by === "group") {
      const groups = [...new Set(options.cases.flatMap((c) => (c.group ? [c.group] : [])))].sort();
      for (const group of groups) {
        figures.push(computeFigure(spec, { over, cases: options.cases, group }));
      }
    }
  }
  return figures;
}

/** A figure's exclusions when nothing was left out. */
export function emptyExclusions(): Exclusions {
  return {
    suspended: [],
    canary: [],
    calibration: [],
    errored: [],
    unlabelled: [],
    unscored: [],
    other_group: [],
  };
}

function computeFigure(
  spec: AggregateSpec,
  options: { over: AssertionRef; cases: readonly CaseResult[]; group: string | null },
): Figure {
  const exclusions = emptyExclusions();
  const counted: { caseResult: CaseResult; status: "pass" | "fail"; score?: number }[] = [];
  for (const c of options.cases) {
    if (options.group !== null && c.group !== options.group) {
      exclusions.other_group.push(c.case_id);
      continue;
    }
    if (c.kind === "suspended" || c.kind === "canary" || c.kind === "calibration") {
      exclusions[c.kind].push(c.case_id);
      continue;
    }
    const verdict = c.verdicts.find((v) => v.assertion_id === options.over.id);
    if (verdict === undefined || verdict.status === "error") {
      exclusions.errored.push(c.case_id);
      continue;
    }
    if ((spec.kind === "precision" || spec.kind === "recall") && c.label === undefined) {
      exclusions.unlabelled.push(c.case_id);
      continue;
    }
    if (spec.kind === "mean" && verdict.score === undefined) {
      exclusions.unscored.push(c.case_id);
      continue;
    }
    counted.push({ caseResult: c, status: verdict.status, score: verdict.score });
  }
  let value: number | null = null;
  let countedIds = counted.map((c) => c.caseResult.case_id);
  if (spec.kind === "accuracy") {
    value = ratio(counted.filter((c) => c.status === "pass").length, counted.length);
  } else if (spec.kind === "mean") {
    value = counted.length === 0
      ? null
      : counted.reduce((sum, c) => sum + (c.score ?? 0), 0) / counted.length;
  } else {
    // A pass is the system saying "positive"; the label says what the case truly is.
    const isPositive = (c: (typeof counted)[number]) => c.caseResult.label === spec.positive;
    const relevant = spec.kind === "precision"
      ? counted.filter((c) => c.status === "pass")
      : counted.filter(isPositive);
    const hits = spec.kind === "precision"
      ? relevant.filter(isPositive)
      : relevant.filter((c) => c.status === "pass");
    value = ratio(hits.length, relevant.length);
    countedIds = relevant.map((c) => c.caseResult.case_id);
  }
  return {
    name: options.group === null ? spec.name : `${spec.name}[group=${options.group}]`,
    aggregate: spec.name,
    kind: spec.kind,
    over: options.over.name,
    over_id: options.over.id,
    group: options.group,
    value,
    counted: countedIds,
    exclusions,
  };
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}
