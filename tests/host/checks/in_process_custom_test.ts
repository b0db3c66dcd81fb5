import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import { bindChecks } from "../../../host/checks/mod.ts";
import { judgeOutput } from "../../../host/running/verdicts.ts";
import { testPool } from "../../fixtures/models/suites.ts";

const testCase = { id: "a", kind: "normal" as const, vars: {} };

Deno.test("a custom check of a suite built in memory that never settles is an errored verdict at timeout_ms", async () => {
  const checks = await bindChecks([
    customAssertion({ name: "never", check: () => new Promise(() => {}) }),
    customAssertion({ name: "sync", check: ({ output }) => output === "x" }),
    customAssertion({ name: "async", check: ({ output }) => Promise.resolve(output === "x") }),
  ], { models: testPool(), timeoutMs: 200 });
  try {
    const verdicts = await judgeOutput(checks.assertions, { output: "x", testCase });
    assertEquals(verdicts.map((v) => [v.assertion, v.status, v.metadata]), [
      ["never", "error", { check_timed_out: true }],
      ["sync", "pass", {}],
      ["async", "pass", {}],
    ]);
  } finally {
    checks.close();
  }
});
