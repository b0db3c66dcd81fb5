import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { assembleRun, type RunRecord } from "../../../core/run/assemble_run.ts";
import { RunDocumentSchema } from "../../../core/run/run_document.ts";
import type { CaseResult } from "../../../core/run/run_document.ts";
import { AggregateSpecSchema } from "../../../core/suite/aggregate_spec.ts";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import { buildSuite } from "../../../core/suite/suite.ts";
import { RunSettingsSchema } from "../../../core/suite/target_spec.ts";

const correct = customAssertion({ name: "correct", check: () => true });

const suite = buildSuite({
  name: "assembled",
  target: { kind: "function", name: "f", fn: () => "" },
  settings: RunSettingsSchema.parse({}),
  assertions: [correct],
  aggregates: [AggregateSpecSchema.parse({ name: "accuracy", kind: "accuracy", over: "correct" })],
  cases: [
    { id: "a", vars: {}, kind: "normal" },
    { id: "b", vars: {}, kind: "normal" },
    { id: "s", vars: {}, kind: "suspended", reason: "later" },
  ],
});

const record: RunRecord = {
  run_id: "20261130-000000-000-aaaaaa",
  tenant: "default",
  source: "suites/assembled.ts",
  git_commit: null,
  started_at: "2026-11-30T00:00:00.000Z",
  finished_at: "2026-11-30T00:00:01.500Z",
};

function answered(id: string, status: "pass" | "fail"): CaseResult {
  return {
    case_id: id,
    kind: "normal",
    output: id,
    verdicts: [{ assertion_id: correct.id, assertion: "correct", status, metadata: {} }],
    latency_ms: 10,
    attempts: 1,
  };
}

const cases: CaseResult[] = [
  answered("a", "pass"),
  answered("b", "fail"),
  { case_id: "s", kind: "suspended", verdicts: [], latency_ms: 0, attempts: 0 },
];

Deno.test("an assembled run is a valid run document with the suite's figures and totals", () => {
  const run = assembleRun(suite, { cases, record });
  assertEquals(RunDocumentSchema.parse(run), run);
  assertEquals(run.suite, {
    name: "assembled",
    cases_digest: suite.cases_digest,
    config_hash: suite.config_hash,
    source: "suites/assembled.ts",
  });
  assertEquals(run.assertions, [{ id: correct.id, name: "correct", kind: correct.kind }]);
  assertEquals(run.figures.map((f) => [f.name, f.value, f.counted]), [
    ["accuracy", 0.5, ["a", "b"]],
  ]);
  assertEquals([run.totals?.cases, run.totals?.attempts, run.totals?.latency_ms], [2, 2, 20]);
  assertEquals(run.gate, suite.gate);
});

Deno.test("assembling the same results twice gives the same document, and keeps them as given", () => {
  const before = structuredClone(cases);
  const first = assembleRun(suite, { cases, record });
  const second = assembleRun(suite, { cases, record });
  assertEquals(first, second);
  assertEquals(cases, before);
  assertEquals(first.cases, cases);
});
