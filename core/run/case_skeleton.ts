import type { Case } from "../suite/case.ts";
import type { CaseResult } from "./run_document.ts";

/** The fields of a case result that say which case it is, copied from the suite's case. */
export type CaseIdentity = Pick<
  CaseResult,
  "case_id" | "kind" | "group" | "label" | "expected_verdict"
>;

/**
 * What a case result says about its case, before anything was asked of the target. Only a
 * calibration case carries its `expected_verdict`: on any other kind the field means nothing,
 * so a stray one in a cases file is not recorded.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const identity = caseIdentity({
 *   id: "q1",
 *   kind: "normal",
 *   vars: {},
 *   group: "billing",
 *   expected_verdict: "pass",
 * });
 * assertEquals(identity, { case_id: "q1", kind: "normal", group: "billing" });
 * ```
 */
export function caseIdentity(testCase: Case): CaseIdentity {
  return {
    case_id: testCase.id,
    kind: testCase.kind,
    ...(testCase.group === undefined ? {} : { group: testCase.group }),
    ...(testCase.label === undefined ? {} : { label: testCase.label }),
    ...(testCase.kind !== "calibration" || testCase.expected_verdict === undefined
      ? {}
      : { expected_verdict: testCase.expected_verdict }),
  };
}

/**
 * A result for a case the target was never asked: no verdict, no time, no attempt. A suspended
 * case is recorded this way, and so is a case whose result went missing before reconcile names
 * the gap.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = unaskedCaseResult({ id: "q2", kind: "suspended", vars: {}, reason: "flaky" });
 * assertEquals(result, {
 *   case_id: "q2",
 *   kind: "suspended",
 *   verdicts: [],
 *   latency_ms: 0,
 *   attempts: 0,
 * });
 * ```
 */
export function unaskedCaseResult(testCase: Case): CaseResult {
  return { ...caseIdentity(testCase), verdicts: [], latency_ms: 0, attempts: 0 };
}
