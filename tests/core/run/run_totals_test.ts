import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { runTotals } from "../../../core/run/run_totals.ts";
import type { ModelUsage } from "../../../core/model/usage.ts";
import type { CaseResult } from "../../../core/run/run_document.ts";

function usage(role: "target" | "judge", model: string, n: number): ModelUsage {
  return {
    role,
    provider: "openai",
    model,
    calls: n,
    retries: n - 1,
    input_tokens: 100 * n,
    output_tokens: 10 * n,
    unmetered: 0,
  };
}

function result(id: string, extra: Partial<CaseResult>): CaseResult {
  return { case_id: id, kind: "normal", verdicts: [], latency_ms: 1.25, attempts: 1, ...extra };
}

Deno.test("a run totals its cases' attempts, latency, calls, retries and tokens, per role and model", () => {
  const totals = runTotals([
    result("a", { usage: [usage("judge", "j", 1), usage("target", "t", 2)] }),
    result("b", { usage: [usage("target", "t", 1)], attempts: 3 }),
    result("c", { kind: "suspended", latency_ms: 0, attempts: 0 }),
  ]);
  assertEquals(totals, {
    cases: 2,
    attempts: 4,
    latency_ms: 2.5,
    calls: 4,
    retries: 1,
    input_tokens: 400,
    output_tokens: 40,
    unmetered: 0,
    by_model: [
      { ...usage("target", "t", 3), retries: 1 },
      usage("judge", "j", 1),
    ],
  });
});
