import { shortDigest } from "../digest.ts";
import type { Case } from "../suite/case.ts";
import type { CaseResult } from "./run_document.ts";

/** What a case result records about the case's inputs, so a later comparison can re-check it. */
export type CaseInputs = Pick<CaseResult, "inputs_digest" | "expected">;

/**
 * The digest of what the target is asked for one case (its vars, and a calibration case's
 * fixed output) and the case's `expected`. Two runs whose digests differ for a case asked the
 * target different questions, so their outputs can not be compared without asking again.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
 * const a = caseInputs({ vars: { q: "1" }, expected: "x" });
 * const b = caseInputs({ vars: { q: "1" }, expected: "y" });
 * assertEquals(a.inputs_digest, b.inputs_digest);
 * notDeepStrictEqual(a.expected, b.expected);
 * ```
 */
export function caseInputs(testCase: Pick<Case, "vars" | "expected" | "output">): CaseInputs {
  return {
    inputs_digest: inputsDigest(testCase),
    ...(testCase.expected === undefined ? {} : { expected: testCase.expected }),
  };
}

/** The digest `caseInputs` records for a case: of its vars and a calibration case's output. */
export function inputsDigest(testCase: Pick<Case, "vars" | "output">): string {
  return shortDigest({ vars: testCase.vars, output: testCase.output ?? null });
}

/**
 * Each case result with its case's inputs recorded beside it. `known` holds inputs digests
 * already made (a run digests each case's as it finishes, in the time it waits for the target);
 * they must be `inputsDigest` of the same cases.
 */
export function withCaseInputs(
  results: readonly CaseResult[],
  cases: readonly Pick<Case, "id" | "vars" | "expected" | "output">[],
  known?: ReadonlyMap<string, string>,
): CaseResult[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  return results.map((r) => {
    const testCase = byId.get(r.case_id);
    if (testCase === undefined) return r;
    return {
      ...r,
      inputs_digest: known?.get(r.case_id) ?? inputsDigest(testCase),
      ...(testCase.expected === undefined ? {} : { expected: testCase.expected }),
    };
  });
}
