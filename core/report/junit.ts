import { type Fact, VERDICT_FORCED_BY_FACT } from "../compare/facts.ts";
import { headline } from "../compare/headline.ts";
import type { CaseResult } from "../run/run_document.ts";
import type { Verdict as CheckVerdict } from "../verdict.ts";
import type { ReportInput } from "./input.ts";
import { formatValue } from "./numbers.ts";
import { renderXml, type XmlElement } from "./xml.ts";

type Outcome =
  | { kind: "failure" | "error"; message: string; type: string }
  | { kind: "skipped"; properties: Array<[string, string]> };

interface Testcase {
  classname: string;
  name: string;
  /** Seconds; a figure has none. */
  time?: number;
  outcome?: Outcome;
}

interface Testsuite {
  name: string;
  timestamp: string;
  properties: Array<[string, string]>;
  testcases: Testcase[];
}

/**
 * The comparison as JUnit XML for CI test tabs: one testcase per case · check of the candidate
 * run (classname the suite), then one per figure in a second testsuite. A fact that forces exit
 * 1 is a `<failure>`, one that forces 2 an `<error>`; a check that fails here but is not a
 * regression (it failed in the baseline too, or is new) is `<skipped>`, so the tab is red exactly
 * when the gate is. Carries ids, check names and statuses; never outputs or reasons (ADR 0011).
 */
export function renderJunit(input: ReportInput): string {
  const { comparison, candidate } = input;
  const timestamp = candidate.started_at.slice(0, 19);
  const properties: Array<[string, string]> = [
    ["digline.verdict", String(comparison.verdict)],
    ["digline.candidate_run", comparison.candidate_run],
    ["digline.baseline_run", comparison.baseline_run],
    ["digline.headline", headline(comparison)],
  ];
  if (input.redacted !== undefined && input.redacted.length > 0) {
    properties.push(["digline.redacted", input.redacted.join(",")]);
  }
  const checks: Testsuite = { name: comparison.suite, timestamp, properties, testcases: [] };
  const byCheck = factsByCheck(comparison.facts);
  const before = new Map(
    input.baseline.cases.flatMap((c) =>
      c.verdicts.map((v) => [checkKey(c.case_id, v.assertion_id), v.status] as const)
    ),
  );
  for (const c of candidate.cases) {
    for (const v of c.verdicts) {
      const testcase: Testcase = {
        classname: comparison.suite,
        name: `${c.case_id} · ${v.assertion}`,
        time: Math.round(c.latency_ms) / 1000,
      };
      const facts = byCheck.get(checkKey(c.case_id, v.assertion_id)) ?? [];
      const forcing = strongest(facts);
      if (forcing !== undefined) {
        const message = forcing.from === undefined && forcing.to === undefined
          ? forcing.kind
          : `${forcing.kind}: ${status(forcing.from)} → ${status(forcing.to)}`;
        testcase.outcome = forced(forcing, message);
      } else if (v.status !== "pass" && !expectedFailure(c, v)) {
        testcase.outcome = {
          kind: "skipped",
          properties: [
            ["digline.baseline", before.get(checkKey(c.case_id, v.assertion_id)) ?? "none"],
            ["digline.candidate", v.status],
          ],
        };
      }
      checks.testcases.push(testcase);
    }
  }
  const suites = [checks];
  if (comparison.figures.length > 0) {
    const figures: Testsuite = {
      name: `${comparison.suite} figures`,
      timestamp,
      properties: [],
      testcases: [],
    };
    for (const f of comparison.figures) {
      const testcase: Testcase = { classname: `${comparison.suite}.figures`, name: f.name };
      const forcing = strongest(comparison.facts.filter((x) => x.figure === f.name));
      if (forcing !== undefined) {
        const message = `${forcing.kind}: ${formatValue(f.baseline)} → ${formatValue(f.candidate)}`;
        testcase.outcome = forced(forcing, message);
      }
      figures.testcases.push(testcase);
    }
    suites.push(figures);
  }
  const all = suites.flatMap((s) => s.testcases);
  return renderXml({
    name: "testsuites",
    attributes: [["name", `digline ${comparison.suite}`], ...counts(all)],
    children: suites.map(suiteElement),
  }) + "\n";
}

function forced(fact: Fact, message: string): Outcome {
  const kind = VERDICT_FORCED_BY_FACT[fact.kind] === 2 ? "error" : "failure";
  return { kind, message, type: fact.kind };
}

/** The counts a CI tab reads, computed from the testcases written, so they can not disagree. */
function counts(testcases: readonly Testcase[]): Array<[string, number]> {
  const count = (kind: Outcome["kind"]) => testcases.filter((t) => t.outcome?.kind === kind).length;
  return [
    ["tests", testcases.length],
    ["failures", count("failure")],
    ["errors", count("error")],
    ["skipped", count("skipped")],
  ];
}

function suiteElement(suite: Testsuite): XmlElement {
  const children = suite.properties.length > 0 ? [propertiesElement(suite.properties)] : [];
  return {
    name: "testsuite",
    attributes: [["name", suite.name], ["timestamp", suite.timestamp], ...counts(suite.testcases)],
    children: [...children, ...suite.testcases.map(testcaseElement)],
  };
}

function testcaseElement(testcase: Testcase): XmlElement {
  const attributes: Array<[string, string | number]> = [
    ["classname", testcase.classname],
    ["name", testcase.name],
  ];
  if (testcase.time !== undefined) attributes.push(["time", testcase.time]);
  const outcome = testcase.outcome;
  const children: XmlElement[] = [];
  if (outcome?.kind === "skipped") {
    children.push(propertiesElement(outcome.properties));
    children.push({ name: "skipped", attributes: [], children: [] });
  } else if (outcome !== undefined) {
    children.push({
      name: outcome.kind,
      attributes: [["message", outcome.message], ["type", outcome.type]],
      children: [],
    });
  }
  return { name: "testcase", attributes, children };
}

function propertiesElement(properties: ReadonlyArray<[string, string]>): XmlElement {
  return {
    name: "properties",
    attributes: [],
    children: properties.map(([name, value]) => ({
      name: "property",
      attributes: [["name", name], ["value", value]],
      children: [],
    })),
  };
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
