import assert from "node:assert/strict";
import { builtinAssertion } from "../../core/suite/assertions/builtin.ts";
import { BuiltinAssertionSchema } from "../../core/suite/assertions/definition.ts";
import { findGaps } from "../../core/run/reconcile.ts";
import { CaseResultSchema } from "../../core/run/run_document.ts";
import { executeCases } from "../../host/running/driver.ts";
import { openTarget, TransportError } from "../../host/targets/mod.ts";
import { functionSpec, testSuite } from "../fixtures/targets/suites.ts";

/** A function target answering each case from its own script of answers, in order. */
function scripted(script: Record<string, (string | Error)[]>) {
  const calls: Record<string, number> = {};
  const spec = functionSpec((vars) => {
    const id = String(vars.id);
    const n = calls[id] = (calls[id] ?? 0) + 1;
    const answer = script[id][(n - 1) % script[id].length];
    if (answer instanceof Error) throw new TransportError(answer.message);
    return answer;
  });
  return { spec, calls };
}

function check(definition: Record<string, unknown>) {
  return builtinAssertion(BuiltinAssertionSchema.parse(definition));
}

Deno.test("repeats asks the target K times, keeps every sample, and reduces each check by majority", async () => {
  const { spec, calls } = scripted({ a: ["YES!", "no", "YES!"] });
  const suite = testSuite([{ id: "a", vars: { id: "a" }, expected: "YES!" }], {
    target: spec,
    settings: { repeats: 3 },
    assertions: [check({ name: "correct", kind: "equals" })],
  });
  const [result] = await executeCases(suite, {
    target: openTarget(suite.target, { suiteDir: "." }),
  });
  assert.equal(calls.a, 3);
  assert.deepEqual(result.samples?.map((s) => [s.output, s.verdicts[0].status]), [
    ["YES!", "pass"],
    ["no", "fail"],
    ["YES!", "pass"],
  ]);
  assert.equal(result.output, "YES!");
  assert.equal(result.attempts, 3);
  assert.deepEqual(result.verdicts, [{
    assertion_id: suite.assertions[0].id,
    assertion: "correct",
    status: "pass",
    metadata: { reduce: "majority", samples: 3, passed: 2, failed: 1, errored: 0 },
  }]);
  CaseResultSchema.parse(result);
});

Deno.test("a case's own repeats wins over the suite's, and repeats = 1 records no samples", async () => {
  const { spec, calls } = scripted({ once: ["YES!"], five: ["YES!"] });
  const suite = testSuite([
    { id: "once", vars: { id: "once" }, expected: "YES!", repeats: 1 },
    { id: "five", vars: { id: "five" }, expected: "YES!", repeats: 5 },
  ], { target: spec, settings: { repeats: 2 } });
  const [once, five] = await executeCases(suite, {
    target: openTarget(suite.target, { suiteDir: "." }),
  });
  assert.deepEqual(calls, { once: 1, five: 5 });
  assert.equal(once.samples, undefined);
  assert.deepEqual(Object.keys(once), [
    "case_id",
    "kind",
    "output",
    "verdicts",
    "latency_ms",
    "attempts",
  ]);
  assert.equal(five.samples?.length, 5);
});

Deno.test("each check reduces by its own rule: all, any and mean (with its pass rate as the score)", async () => {
  const { spec } = scripted({ a: ["YES!", "no", "no", "YES!"] });
  const suite = testSuite([{ id: "a", vars: { id: "a" }, expected: "YES!" }], {
    target: spec,
    settings: { repeats: 4 },
    assertions: [
      check({ name: "all", kind: "equals", reduce: "all" }),
      check({ name: "any", kind: "equals", reduce: "any" }),
      check({ name: "half", kind: "equals", reduce: "mean" }),
      check({ name: "most", kind: "equals", reduce: "mean", min_pass_rate: 0.75 }),
      check({ name: "majority", kind: "equals", trim: true }),
    ],
  });
  const [result] = await executeCases(suite, {
    target: openTarget(suite.target, { suiteDir: "." }),
  });
  assert.deepEqual(result.verdicts.map((v) => [v.assertion, v.status, v.score]), [
    ["all", "fail", undefined],
    ["any", "pass", undefined],
    ["half", "pass", 0.5],
    ["most", "fail", 0.5],
    // Two of four is not more than half.
    ["majority", "fail", undefined],
  ]);
});

Deno.test("an errored sample is never counted as a pass or a fail: undecidable reductions error", async () => {
  const { spec } = scripted({ a: ["YES!", new Error("down"), "no"] });
  const suite = testSuite([{ id: "a", vars: { id: "a" }, expected: "YES!" }], {
    target: spec,
    settings: { repeats: 3, retries: 0 },
    assertions: [
      check({ name: "majority", kind: "equals" }),
      check({ name: "all", kind: "equals", reduce: "all" }),
      check({ name: "any", kind: "equals", reduce: "any" }),
    ],
  });
  const [result] = await executeCases(suite, {
    target: openTarget(suite.target, { suiteDir: "." }),
  });
  assert.deepEqual(result.verdicts.map((v) => [v.assertion, v.status]), [
    ["majority", "error"],
    ["all", "fail"],
    ["any", "pass"],
  ]);
  assert.match(
    result.verdicts[0].reason ?? "",
    /1 of 3 samples errored, so majority can not be decided/,
  );
  assert.equal(result.samples?.[1].transport_error, "down");
  assert.equal(result.transport_error, undefined);
});

Deno.test("a repeated case fits the journal's schema, reconciles, and a resume reuses it uncalled", async () => {
  const { spec, calls } = scripted({ a: ["YES!", "YES!"], b: ["no"] });
  const suite = testSuite([
    { id: "a", vars: { id: "a" }, expected: "YES!" },
    { id: "b", vars: { id: "b" }, expected: "YES!" },
  ], { target: spec, settings: { repeats: 2 } });
  const results = await executeCases(suite, {
    target: openTarget(suite.target, { suiteDir: "." }),
  });
  const journaled = results.map((r) => CaseResultSchema.parse(JSON.parse(JSON.stringify(r))));
  assert.deepEqual(journaled, results);
  assert.deepEqual(findGaps(suite, results), []);
  const before = { ...calls };
  const resumed = await executeCases(suite, {
    target: openTarget(suite.target, { suiteDir: "." }),
    reuse: new Map([["a", journaled[0]]]),
  });
  assert.deepEqual(calls, { a: before.a, b: before.b + 2 });
  assert.deepEqual(resumed[0], journaled[0]);
});
