import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import type { Case } from "../../../core/suite/case.ts";
import { findGaps, repairGaps, UnreconcilableRunError } from "../../../core/run/reconcile.ts";
import type { CaseResult } from "../../../core/run/run_document.ts";

const correct = customAssertion({ name: "correct", check: () => true });
const polite = customAssertion({ name: "polite", check: () => true });
const assertions = [correct, polite];

const cases: Case[] = [
  { id: "n", vars: {}, kind: "normal" },
  { id: "k", vars: {}, kind: "canary" },
  { id: "cal", vars: {}, kind: "calibration", check: "polite" },
  { id: "s", vars: {}, kind: "suspended", reason: "flaky upstream" },
];

function result(
  id: string,
  kind: Case["kind"],
  checks: { id: string; name: string }[],
): CaseResult {
  return {
    case_id: id,
    kind,
    output: "x",
    verdicts: checks.map((a) => ({
      assertion_id: a.id,
      assertion: a.name,
      status: "pass",
      metadata: {},
    })),
    latency_ms: 1,
    attempts: 1,
  };
}

function complete(): CaseResult[] {
  return [
    result("n", "normal", assertions),
    result("k", "canary", assertions),
    result("cal", "calibration", [polite]),
    { case_id: "s", kind: "suspended", verdicts: [], latency_ms: 0, attempts: 0 },
  ];
}

Deno.test("a run that answered exactly what was asked has no gap and is left untouched", () => {
  const results = complete();
  const gaps = findGaps({ cases, assertions }, results);
  assertEquals(gaps, []);
  const repaired = repairGaps({ cases }, { results, gaps });
  assertEquals(JSON.stringify(repaired), JSON.stringify(results));
});

Deno.test("the expected set is the dispatch: calibration one check, suspended none, canary all", () => {
  const results = complete();
  results[2] = result("cal", "calibration", assertions);
  results[3] = { ...results[3], verdicts: [{ ...results[0].verdicts[0] }] };
  const gaps = findGaps({ cases, assertions }, results);
  assertEquals(gaps.map((g) => [g.kind, g.case_id]), [
    ["extra-verdict", "cal"],
    ["extra-verdict", "s"],
  ]);
});

Deno.test("a missing verdict becomes a named errored verdict marked unreconciled", () => {
  const results = complete();
  results[0] = result("n", "normal", [correct]);
  const gaps = findGaps({ cases, assertions }, results);
  assertEquals(gaps, [{
    kind: "missing-verdict",
    case_id: "n",
    assertion_id: polite.id,
    assertion: "polite",
  }]);
  const repaired = repairGaps({ cases }, { results, gaps });
  assertEquals(repaired[0].verdicts[1], {
    assertion_id: polite.id,
    assertion: "polite",
    status: "error",
    reason: 'check "polite" was asked of case "n" and no verdict came back',
    metadata: { unreconciled: true },
  });
});

Deno.test("a second answer to one question is replaced by a marked errored copy", () => {
  const results = complete();
  results[1].verdicts.push({ ...results[1].verdicts[0] });
  const gaps = findGaps({ cases, assertions }, results);
  assertEquals(gaps.map((g) => g.kind), ["duplicate-verdict"]);
  const repaired = repairGaps({ cases }, { results, gaps });
  assertEquals(repaired[1].verdicts.map((v) => v.status), ["pass", "pass", "error"]);
  assertEquals(repaired[1].verdicts[2].metadata, { unreconciled: true });
});

Deno.test("a case with no result gets an errored verdict for every check it was asked", () => {
  const results = complete().filter((r) => r.case_id !== "k");
  const gaps = findGaps({ cases, assertions }, results);
  const repaired = repairGaps({ cases }, { results, gaps });
  assertEquals(repaired.map((r) => r.case_id), ["n", "k", "cal", "s"]);
  assertEquals(repaired[1].verdicts.map((v) => [v.assertion, v.status]), [
    ["correct", "error"],
    ["polite", "error"],
  ]);
});

Deno.test("the three shapes that can not be repaired without inventing data are refused", () => {
  const lostSuspension = complete().filter((r) => r.case_id !== "s");
  throws(() => findGaps({ cases, assertions }, lostSuspension), UnreconcilableRunError);
  const twoResults = [...complete(), result("n", "normal", assertions)];
  throws(() => findGaps({ cases, assertions }, twoResults), UnreconcilableRunError);
  const undeclared = [...complete(), result("ghost", "normal", assertions)];
  throws(() => findGaps({ cases, assertions }, undeclared), UnreconcilableRunError);
});
