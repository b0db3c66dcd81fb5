import type { Comparison, FigureComparison } from "./compare_runs.ts";
import { type Fact, VERDICT_FORCED_BY_FACT } from "./facts.ts";
import { count, show, VERDICT_WORDS } from "./fact_words.ts";

/**
 * The fact list behind the verdict, one fact per line in the closed vocabulary, ending with the
 * verdict and the kinds that forced it. States; never advises.
 */
export function explainLines(comparison: Comparison): string[] {
  const lines = comparison.facts.map(factLine);
  const forcing = [
    ...new Set(
      comparison.facts.filter((f) =>
        VERDICT_FORCED_BY_FACT[f.kind] === comparison.verdict && f.kind
      )
        .map((f) => f.kind),
    ),
  ];
  lines.push(
    `verdict ${comparison.verdict} ${VERDICT_WORDS[comparison.verdict].toLowerCase()}${
      comparison.verdict === 0 ? "" : `: from ${forcing.join(", ")}`
    }`,
  );
  return lines;
}

/**
 * A figure's status as a reader should see it: a drop the test did not find significant is
 * "within-noise" only when the baseline measured its noise (two or more runs).
 */
export function figureStatusWord(
  figure: Pick<FigureComparison, "status">,
  baselineRuns: number,
): string {
  return figure.status === "within-noise" && baselineRuns < 2 ? "not significant" : figure.status;
}

/** One fact as one line: its kind, then what it is about, then what moved. */
export function factLine(fact: Fact): string {
  const subject = fact.case_id !== undefined
    ? (fact.assertion === undefined ? fact.case_id : `${fact.case_id} · ${fact.assertion}`)
    : fact.figure ?? fact.assertion ?? fact.setting ?? "";
  const move = fact.from !== undefined || fact.to !== undefined
    ? `${show(fact.from)} → ${show(fact.to)}`
    : "";
  if (fact.kind === "compared") {
    return `compared ${count(fact.cases?.length ?? 0, "case")}`;
  }
  if (fact.kind === "rechecked") {
    const cases = fact.cases ?? [];
    return `rechecked  ${subject}  the candidate's check re-applied to the baseline's outputs of ${
      count(cases.length, "case")
    }`;
  }
  if (fact.kind === "stable-flips-worse") {
    const expected = typeof fact.from === "number" ? fact.from.toFixed(2) : show(fact.from);
    return `stable-flips-worse  ${show(fact.to === undefined ? null : String(fact.to))} cases ` +
      `with a stable check failed, ${expected} expected`;
  }
  if (fact.kind === "runs-too-few") {
    return `runs-too-few  ${fact.figure ?? "stable flips"}  ${fact.from} runs → ${fact.to} runs  ` +
      `resolve: ${fact.resolve}`;
  }
  const resolve = fact.resolve === undefined ? "" : `resolve: ${fact.resolve}`;
  return [fact.kind, subject, move, resolve].filter((part) => part !== "").join("  ");
}
