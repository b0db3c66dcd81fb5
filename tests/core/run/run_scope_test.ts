import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { assembleRun } from "../../../core/run/assemble_run.ts";
import { type CaseResult, RunDocumentSchema } from "../../../core/run/run_document.ts";
import { scopeSuite } from "../../../core/run/run_scope.ts";
import { shardOf } from "../../../core/run/shard_spec.ts";
import { AggregateSpecSchema } from "../../../core/suite/aggregate_spec.ts";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import { buildSuite } from "../../../core/suite/suite.ts";
import { RunSettingsSchema } from "../../../core/suite/target_spec.ts";

const correct = customAssertion({ name: "correct", check: () => true });
const ids = Array.from({ length: 12 }, (_, i) => `case-${i}`);
const suite = buildSuite({
  name: "scoped",
  target: { kind: "function", name: "f", fn: () => "" },
  settings: RunSettingsSchema.parse({ repeats: 3 }),
  assertions: [correct],
  aggregates: [AggregateSpecSchema.parse({ name: "accuracy", kind: "accuracy", over: "correct" })],
  cases: ids.map((id) => ({ id, vars: { id }, kind: "normal" as const })),
  report: { redact: ["outputs"] },
});
const record = {
  run_id: "20261130-000000-000-aaaaaa",
  tenant: "default",
  source: "suite.ts",
  git_commit: null,
  started_at: "2026-11-30T00:00:00.000Z",
  finished_at: "2026-11-30T00:00:01.000Z",
};
const answered = (id: string): CaseResult => ({
  case_id: id,
  kind: "normal",
  output: `out ${id}`,
  verdicts: [{ assertion_id: correct.id, assertion: "correct", status: "pass", metadata: {} }],
  latency_ms: 1,
  attempts: 1,
});

/** The run's keys are those the schema returns, in its order: the store reads it with a generated validator. */
function inSchemaOrder(run: ReturnType<typeof assembleRun>): void {
  assertEquals(Object.keys(run), Object.keys(RunDocumentSchema.parse(run)));
}

Deno.test("a whole run asks every case of the suite and records no scope", () => {
  const scoped = scopeSuite(suite, { kind: "whole" });
  assertEquals(scoped.suite, suite);
  const run = assembleRun(scoped.suite, { cases: ids.map(answered), record });
  inSchemaOrder(run);
  ok(!("shard" in run) && !("rejudged_from" in run));
});

Deno.test("a shard asks the cases its ids hash to, keeps the suite's digests, and says which shard it is", () => {
  const scoped = scopeSuite(suite, { kind: "shard", index: 2, count: 3 });
  const mine = ids.filter((id) => shardOf(id, 3) === 2);
  assertEquals(scoped.suite.cases.map((c) => c.id), mine);
  assertEquals(scoped.declared, scoped.suite.cases);
  assertEquals(scoped.suite.cases_digest, suite.cases_digest);
  const run = assembleRun(scoped.suite, {
    cases: mine.map(answered),
    record,
    scope: { kind: "shard", index: 2, count: 3 },
  });
  inSchemaOrder(run);
  assertEquals(run.shard, { index: 2, count: 3, cases: mine });
});

Deno.test("a re-grade asks the cases the stored run answered once each, under the stored run's target", () => {
  const stored = assembleRun(suite, { cases: ids.slice(0, 9).map(answered), record });
  const regrade = { ...stored, target: { kind: "command", name: "old-system" } };
  const scoped = scopeSuite(suite, { kind: "regrade", run: regrade });
  assertEquals(scoped.declared.map((c) => c.id), ids.slice(0, 9));
  assertEquals(scoped.suite.settings.repeats, 1);
  assertEquals(scoped.suite.cases.map((c) => c.output), ids.slice(0, 9).map((id) => `out ${id}`));
  ok(scoped.suite.cases_digest !== suite.cases_digest, "three cases were left out");
  const run = assembleRun(scoped.suite, {
    cases: ids.slice(0, 9).map(answered),
    record: { ...record, run_id: "20261130-000001-000-bbbbbb" },
    scope: { kind: "regrade", run: regrade },
    baselineRechecks: [],
  });
  inSchemaOrder(run);
  assertEquals([run.rejudged_from, run.target], [stored.run_id, regrade.target]);
  ok(!("baseline_rechecks" in run), "no re-checks, no field");
  assertEquals(run.redact, ["outputs"]);
});

Deno.test("a merged run is the whole suite's run, with its checks' definitions, naming its shards", () => {
  const from = ["20261130-000001-000-bbbbbb", "20261130-000002-000-cccccc"];
  const run = assembleRun(scopeSuite(suite, { kind: "merged", from }).suite, {
    cases: ids.map(answered),
    record,
    scope: { kind: "merged", from },
  });
  inSchemaOrder(run);
  assertEquals(run.merged_from, from);
  assertEquals(run.aggregates, suite.aggregates);
  ok(
    run.assertions.every((a) => a.definition !== undefined),
    "a merged baseline can be re-checked",
  );
});
