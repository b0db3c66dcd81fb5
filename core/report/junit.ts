import junitReportBuilder, { type Builder } from "junit-report-builder";
import { type Fact, VERDICT_FORCED_BY_FACT } from "../compare/facts.ts";
import { headline } from "../compare/reading.ts";
import type { CaseResult } from "../run/run_document.ts";
import type { Verdict as CheckVerdict } from "../run/verdict.ts";
import type { ReportInput } from "./input.ts";
import { formatValue } from "./numbers.ts";

// The package's types declare an ES default export, but it ships CommonJS whose module.exports is
// the builder itself, and that is what a default import receives.
const builders = junitReportBuilder as unknown as Builder;

/**
 * The comparison as JUnit XML for CI test tabs: one testcase per case · check of the candidate
 * run (classname the suite), then one per figure in a second testsuite. A fact that forces exit
 * 1 is a `<failure>`, one that forces 2 an `<error>`; a check that fails here but is not a
 * regression (it failed in the baseline too, or is new) is `<skipped>`, so the tab is red exactly
 * when the gate is. Carries ids, check names and statuses; never outputs or reasons (ADR 0011).
 */
export function renderJunit(input: ReportInput): string {
  const { comparison, candidate } = input;
  const report = builders.newBuilder().name(`digline ${comparison.suite}`);
  const timestamp = candidate.started_at.slice(0, 19);
  const checks = report.testSuite()
    .name(comparison.suite)
    .timestamp(timestamp)
    .property("digline.verdict", String(comparison.verdict))
    .property("digline.candidate_run", comparison.candidate_run)
    .property("digline.baseline_run", comparison.baseline_run)
    .property("digline.headline", headline(comparison));
  if (input.redacted !== undefined && input.redacted.length > 0) {
    checks.property("digline.redacted", input.redacted.join(","));
  }
  const byCheck = factsByCheck(comparison.facts);
  const before = new Map(
    input.baseline.cases.flatMap((c) =>
      c.verdicts.map((v) => [checkKey(c.case_id, v.assertion_id), v.status] as const)
    ),
  );
  for (const c of candidate.cases) {
    for (const v of c.verdicts) {
      const testcase = checks.testCase()
        .className(comparison.suite)
        .name(`${c.case_id} · ${v.assertion}`)
        .time(Math.round(c.latency_ms) / 1000);
      const facts = byCheck.get(checkKey(c.case_id, v.assertion_id)) ?? [];
      const forcing = strongest(facts);
      if (forcing !== undefined) {
        const message = forcing.from === undefined && forcing.to === undefined
          ? forcing.kind
          : `${forcing.kind}: ${status(forcing.from)} → ${status(forcing.to)}`;
        if (VERDICT_FORCED_BY_FACT[forcing.kind] === 2) testcase.error(message, forcing.kind);
        else testcase.failure(message, forcing.kind);
      } else if (v.status !== "pass" && !expectedFailure(c, v)) {
        testcase.skipped()
          .property("digline.baseline", before.get(checkKey(c.case_id, v.assertion_id)) ?? "none")
          .property("digline.candidate", v.status);
      }
    }
  }
  if (comparison.figures.length > 0) {
    const figures = report.testSuite().name(`${comparison.suite} figures`).timestamp(timestamp);
    for (const f of comparison.figures) {
      const testcase = figures.testCase()
        .className(`${comparison.suite}.figures`)
        .name(f.name);
      const forcing = strongest(comparison.facts.filter((x) => x.figure === f.name));
      if (forcing === undefined) continue;
      const message = `${forcing.kind}: ${formatValue(f.baseline)} → ${formatValue(f.candidate)}`;
      if (VERDICT_FORCED_BY_FACT[forcing.kind] === 2) testcase.error(message, forcing.kind);
      else testcase.failure(message, forcing.kind);
    }
  }
  return report.build() + "\n";
}

function factsByCheck(facts: readonly Fact[]): Map<string, Fact[]> {
  const byCheck = new Map<string, Fact[]>();
  for (const fact of facts) {
    if (fact.case_id === undefined || fact.assertion_id === undefined) continue;
    const key = checkKey(fact.case_id, fact.assertion_id);
    byCheck.set(key, [...(byCheck.get(key) ?? []), fact]);
  }
  return byCheck;
}

function checkKey(caseId: string, assertionId: string): string {
  return JSON.stringify([caseId, assertionId]);
}

/** The fact that forces the highest exit code, if any forces one at all. */
function strongest(facts: readonly Fact[]): Fact | undefined {
  let found: Fact | undefined;
  for (const fact of facts) {
    if (
      VERDICT_FORCED_BY_FACT[fact.kind] >
        (found === undefined ? 0 : VERDICT_FORCED_BY_FACT[found.kind])
    ) found = fact;
  }
  return found;
}

/** A calibration case that was meant to fail, and did, is a check doing its job. */
function expectedFailure(c: CaseResult, v: CheckVerdict): boolean {
  return c.kind === "calibration" && c.expected_verdict === v.status;
}

function status(value: Fact["from"]): string {
  return value === null || value === undefined ? "none" : String(value);
}
