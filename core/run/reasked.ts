import type { CaseResult } from "./run_document.ts";

/**
 * The checks whose verdict a judge gave only when asked again after an answer off the format
 * (`case · check`, in the run's order): a passing run still says how often its judge needed
 * that, since a judge that often does is one to look at. A sample's re-ask counts for its check.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const v = (reasked: boolean) => ({ assertion_id: "0123456789abcdef", assertion: "ok",
 *   status: "pass" as const, metadata: { reasked } });
 * const c = (id: string, reasked: boolean) =>
 *   ({ case_id: id, kind: "normal" as const, verdicts: [v(reasked)], latency_ms: 0, attempts: 1 });
 * assertEquals(reaskedChecks([c("a", true), c("b", false)]), ["a · ok"]);
 * ```
 */
export function reaskedChecks(cases: readonly CaseResult[]): string[] {
  const found: string[] = [];
  for (const c of cases) {
    for (const v of c.verdicts) {
      const samples = (c.samples ?? []).map((s) =>
        s.verdicts.find((sv) => sv.assertion_id === v.assertion_id)
      );
      if ([v, ...samples].some((seen) => seen?.metadata?.reasked === true)) {
        found.push(`${c.case_id} · ${v.assertion}`);
      }
    }
  }
  return found;
}
