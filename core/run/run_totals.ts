import type { CaseResult } from "./run_document.ts";
import type { ModelUsage, RunTotals } from "../model/usage.ts";
import { addUsage, sortUsage } from "../model/usage_sums.ts";

/**
 * Totals a run's cost over its cases: attempts, latency, model calls and tokens, overall and
 * per role and model. Pure, so a stored run can be totalled again and must give the same.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const totals = runTotals([
 *   { case_id: "a", kind: "normal", verdicts: [], latency_ms: 5, attempts: 2 },
 *   { case_id: "b", kind: "suspended", verdicts: [], latency_ms: 0, attempts: 0 },
 * ]);
 * assertEquals([totals.cases, totals.attempts, totals.latency_ms, totals.calls], [1, 2, 5, 0]);
 * ```
 */
export function runTotals(cases: readonly CaseResult[]): RunTotals {
  const byModel: ModelUsage[] = [];
  let asked = 0;
  let attempts = 0;
  let latency = 0;
  for (const c of cases) {
    if (c.kind !== "suspended") asked++;
    attempts += c.attempts;
    latency += c.latency_ms;
    for (const usage of c.usage ?? []) addUsage(byModel, usage);
  }
  const sum = (key: "calls" | "retries" | "input_tokens" | "output_tokens" | "unmetered") =>
    byModel.reduce((total, u) => total + u[key], 0);
  return {
    cases: asked,
    attempts,
    // Rounded as each case's latency is, so the total does not carry float noise.
    latency_ms: Math.round(latency * 10) / 10,
    calls: sum("calls"),
    retries: sum("retries"),
    input_tokens: sum("input_tokens"),
    output_tokens: sum("output_tokens"),
    unmetered: sum("unmetered"),
    by_model: sortUsage(byModel),
  };
}
