import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { caseIdentity, unaskedCaseResult } from "../../../core/run/case_skeleton.ts";
import { findGaps, repairGaps } from "../../../core/run/reconcile.ts";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import type { Case } from "../../../core/suite/case.ts";

const polite = customAssertion({ name: "polite", check: () => true });

// Every kind, each with every optional identity field, and a stray expected_verdict where the
// kind gives it no meaning (a cases file may carry one).
const cases: Case[] = [
  { id: "n", vars: {}, kind: "normal", group: "g", label: "yes", expected_verdict: "pass" },
  { id: "k", vars: {}, kind: "canary", group: "g", expected_verdict: "fail" },
  { id: "cal", vars: {}, kind: "calibration", check: "polite", expected_verdict: "fail" },
  { id: "s", vars: {}, kind: "suspended", reason: "later", label: "no" },
];

Deno.test("only a calibration case's result carries its expected verdict", () => {
  assertEquals(cases.map((c) => caseIdentity(c).expected_verdict), [
    undefined,
    undefined,
    "fail",
    undefined,
  ]);
  assertEquals(caseIdentity(cases[0]), { case_id: "n", kind: "normal", group: "g", label: "yes" });
});

Deno.test("a lost result is rebuilt with the same identity a case that ran records", () => {
  const asked = { cases, assertions: [polite] };
  // A suspension can not be invented, so the suspended case's result is the one that came back.
  const results = [{
    case_id: "s",
    kind: "suspended" as const,
    verdicts: [],
    latency_ms: 0,
    attempts: 0,
  }];
  const repaired = repairGaps(asked, { results, gaps: findGaps(asked, results) });
  for (const [index, testCase] of cases.entries()) {
    if (testCase.kind === "suspended") continue;
    const { verdicts: _v, latency_ms: _l, attempts: _a, ...identity } = repaired[index];
    assertEquals(identity, caseIdentity(testCase), `case ${testCase.id}`);
  }
});

Deno.test("a case never asked has no verdict, no time and no attempt", () => {
  for (const testCase of cases) {
    const result = unaskedCaseResult(testCase);
    assertEquals([result.verdicts, result.latency_ms, result.attempts], [[], 0, 0]);
  }
});
