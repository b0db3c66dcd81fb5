import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { VERDICT_FORCED_BY_FACT } from "../../../core/compare/facts.ts";
import { renderJunit } from "../../../core/report/mod.ts";
import type { FakeCase } from "../_runs.ts";
import { manyRegressions, reportInput } from "./_input.ts";
import { parseJunit } from "./_junit_xml.ts";

const BEFORE: FakeCase[] = [
  { id: "c1", group: "g", statuses: { correct: "pass", polite: "pass" } },
  { id: "c2", group: "g", statuses: { correct: "fail", polite: "pass" } },
  { id: "c3", group: "g", statuses: { correct: "pass", polite: "pass" } },
  { id: "c4", group: "g", statuses: { correct: "fail", polite: "pass" } },
];
const AFTER: FakeCase[] = [
  { id: "c1", group: "g", statuses: { correct: "fail", polite: "pass" } },
  { id: "c2", group: "g", statuses: { correct: "fail", polite: "pass" } },
  { id: "c3", group: "g", statuses: { correct: "pass", polite: "error" } },
  { id: "c4", group: "g", statuses: { correct: "pass", polite: "pass" } },
  { id: "c5", group: "g", statuses: { correct: "fail", polite: "pass" } },
];

Deno.test("JUnit has one testcase per case · check of the candidate run, named so", () => {
  const { testcases, suites } = parseJunit(renderJunit(reportInput(BEFORE, AFTER)));
  const checks = testcases.filter((t) => t.suite === "s");
  assertEquals(checks.length, 10);
  assertEquals(checks[0], {
    suite: "s",
    classname: "s",
    name: "c1 · correct",
    outcome: "failure",
    message: "regression: pass → fail",
    type: "regression",
  });
  assertEquals(suites.map((s) => s.name), ["s", "s figures"]);
});

Deno.test("regressions fail, errored verdicts error, failures that are not regressions are skipped", () => {
  const { testcases } = parseJunit(renderJunit(reportInput(BEFORE, AFTER)));
  const outcome = (name: string) => testcases.find((t) => t.name === name)?.outcome;
  assertEquals(outcome("c1 · correct"), "failure");
  assertEquals(outcome("c2 · correct"), "skipped", "it failed in the baseline too");
  assertEquals(outcome("c3 · polite"), "error");
  assertEquals(testcases.find((t) => t.name === "c3 · polite")?.type, "unjudged");
  assertEquals(outcome("c4 · correct"), "passed", "an improvement passes");
  assertEquals(outcome("c5 · correct"), "skipped", "a new case has no baseline to regress from");
  assertEquals(outcome("c1 · polite"), "passed");
});

Deno.test("every testsuite's counts, and the root's, match its testcases", () => {
  const { totals, suites, testcases } = parseJunit(renderJunit(reportInput(BEFORE, AFTER)));
  for (const suite of suites) {
    const own = testcases.filter((t) => t.suite === suite.name);
    assertEquals(suite, {
      name: suite.name,
      tests: own.length,
      failures: own.filter((t) => t.outcome === "failure").length,
      errors: own.filter((t) => t.outcome === "error").length,
      skipped: own.filter((t) => t.outcome === "skipped").length,
    });
  }
  assertEquals(totals.tests, testcases.length);
  assertEquals(totals.failures, suites.reduce((n, s) => n + s.failures, 0));
});

Deno.test("the JUnit report fails exactly where the gate's causes are, and only there", () => {
  const input = reportInput(BEFORE, AFTER);
  const { testcases } = parseJunit(renderJunit(input));
  const causes = input.comparison.facts.filter((f) => VERDICT_FORCED_BY_FACT[f.kind] > 0);
  const expected = new Set(
    causes.map((f) =>
      f.figure !== undefined ? `figure ${f.figure}` : `${f.case_id} · ${f.assertion}`
    ),
  );
  const red = new Set(
    testcases.filter((t) => t.outcome === "failure" || t.outcome === "error").map((t) =>
      t.suite === "s figures" ? `figure ${t.name}` : t.name
    ),
  );
  assertEquals(red, expected);
  assertEquals(input.comparison.verdict, 2);
});

Deno.test("a worse figure is a failure in the figures testsuite", () => {
  // Twenty cases, half of them broken: enough for the paired test to call the drop significant.
  const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
  const { testcases } = parseJunit(renderJunit(reportInput(
    ids.map((id) => ({ id, statuses: { correct: "pass" } })),
    ids.map((id, i) => ({ id, statuses: { correct: i % 2 === 0 ? "fail" : "pass" } })),
  )));
  const accuracy = testcases.find((t) => t.suite === "s figures" && t.name === "accuracy");
  assertEquals(accuracy?.outcome, "failure");
  assertEquals(accuracy?.message, "figure-worse: 1.0000 → 0.5000");
});

Deno.test("ids with markup and control characters still make well-formed XML", () => {
  const id = `<a href="x">&'</a>\u0000\u001b[31m\u0007`;
  const xml = renderJunit(reportInput(
    [{ id, statuses: { correct: "pass" } }],
    [{ id, statuses: { correct: "fail" } }],
  ));
  const { testcases } = parseJunit(xml);
  assertEquals(testcases[0].name, `<a href="x">&'</a>[31m · correct`);
  // deno-lint-ignore no-control-regex
  ok(!/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(xml));
});

Deno.test("JUnit carries ids, checks and statuses, never outputs or reasons", () => {
  const xml = renderJunit(reportInput(BEFORE, AFTER));
  ok(!xml.includes("PAYLOAD"));
});

Deno.test("thousands of regressions give thousands of failures and counts that still match", () => {
  const { before, after } = manyRegressions(3_000);
  const { totals, testcases } = parseJunit(renderJunit(reportInput(before, after)));
  assertEquals(testcases.filter((t) => t.outcome === "failure" && t.suite === "s").length, 3_000);
  assertEquals(totals.tests, 3_000 + 1);
  assertEquals(totals.failures, 3_001, "the accuracy figure dropped too");
});

Deno.test("calibration and canary cases read as the gate reads them", () => {
  const cases = (calibrated: "pass" | "fail", canary: "pass" | "fail"): FakeCase[] => [
    { id: "cal-ok", kind: "calibration", expected_verdict: "fail", statuses: { correct: "fail" } },
    { id: "cal", kind: "calibration", expected_verdict: "pass", statuses: { correct: calibrated } },
    { id: "can", kind: "canary", statuses: { correct: canary } },
  ];
  const { testcases } = parseJunit(
    renderJunit(reportInput(cases("pass", "pass"), cases("fail", "fail"))),
  );
  const outcome = (name: string) => testcases.find((t) => t.name === name)?.outcome;
  assertEquals(outcome("cal-ok · correct"), "passed", "a calibration case meant to fail did");
  assertEquals(outcome("cal · correct"), "error");
  assertEquals(outcome("can · correct"), "failure");
});
