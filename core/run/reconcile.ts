import type { Assertion } from "../suite/assertions/assertion.ts";
import type { Case } from "../suite/case.ts";
import { checksAskedOf } from "../suite/dispatch.ts";
import { DiglineError } from "../errors.ts";
import { unaskedCaseResult } from "./case_skeleton.ts";
import type { CaseResult } from "./run_document.ts";
import type { Verdict } from "../verdict.ts";

/** One way a run's results differ from what its suite asked. */
export type Gap =
  | { kind: "missing-result"; case_id: string; checks: { id: string; name: string }[] }
  | { kind: "missing-verdict"; case_id: string; assertion_id: string; assertion: string }
  | {
    kind: "extra-verdict";
    case_id: string;
    assertion_id: string;
    assertion: string;
    index: number;
  }
  | {
    kind: "duplicate-verdict";
    case_id: string;
    assertion_id: string;
    assertion: string;
    index: number;
  };

/**
 * Results that can not be repaired without inventing data: a lost suspended case (nothing
 * says it was set aside), two results for one case, or a result for a case nobody declared.
 * They can only come from a defect in digline, so this is not a refusal.
 */
export class UnreconcilableRunError extends DiglineError {}

/**
 * Compares what the suite asked (the dispatch, read from the same conditions that chose each
 * branch) with what came back, and names every gap by case and check. Extra and duplicate
 * verdicts are gaps too: a run may not keep an answer to a question nobody asked.
 */
export function findGaps(
  asked: { cases: readonly Case[]; assertions: readonly Assertion[] },
  results: readonly CaseResult[],
): Gap[] {
  const declared = new Map(asked.cases.map((c) => [c.id, c]));
  const byCase = new Map<string, CaseResult>();
  for (const result of results) {
    if (!declared.has(result.case_id)) {
      throw new UnreconcilableRunError(
        `Reconcile: a result came back for case "${result.case_id}", which the suite does not declare`,
      );
    }
    if (byCase.has(result.case_id)) {
      throw new UnreconcilableRunError(`Reconcile: case "${result.case_id}" has two results`);
    }
    byCase.set(result.case_id, result);
  }
  // This runs once the last case is in, when the run holds the most: nothing is made per case
  // but the gaps. A normal case is asked every check, so one map of them serves all such cases,
  // and `answeredBy` remembers which case last answered each check instead of a set per case.
  const everyCheck = new Map(asked.assertions.map((a) => [a.id, a]));
  const answeredBy = new Map<string, number>();
  const gaps: Gap[] = [];
  for (const [position, testCase] of asked.cases.entries()) {
    const checks = checksAskedOf(testCase, asked.assertions);
    const result = byCase.get(testCase.id);
    if (result === undefined) {
      if (testCase.kind === "suspended") {
        throw new UnreconcilableRunError(
          `Reconcile: suspended case "${testCase.id}" has no result, and a suspension can not be invented`,
        );
      }
      gaps.push({
        kind: "missing-result",
        case_id: testCase.id,
        checks: checks.map((a) => ({ id: a.id, name: a.name })),
      });
      continue;
    }
    const wanted = testCase.kind === "normal" || testCase.kind === "canary"
      ? everyCheck
      : new Map(checks.map((a) => [a.id, a]));
    const verdicts = result.verdicts;
    for (let index = 0; index < verdicts.length; index++) {
      const v = verdicts[index];
      const check = wanted.get(v.assertion_id);
      if (check === undefined) {
        gaps.push({
          kind: "extra-verdict",
          case_id: testCase.id,
          assertion_id: v.assertion_id,
          index,
          assertion: v.assertion,
        });
      } else if (answeredBy.get(v.assertion_id) === position) {
        gaps.push({
          kind: "duplicate-verdict",
          case_id: testCase.id,
          assertion_id: v.assertion_id,
          index,
          assertion: check.name,
        });
      } else {
        answeredBy.set(v.assertion_id, position);
      }
    }
    for (const check of checks) {
      if (answeredBy.get(check.id) !== position) {
        gaps.push({
          kind: "missing-verdict",
          case_id: testCase.id,
          assertion_id: check.id,
          assertion: check.name,
        });
      }
    }
  }
  return gaps;
}

/**
 * Repairs the results so every gap is a named errored verdict marked `unreconciled`, in the
 * suite's case order. With no gap the results are returned untouched, so a run that reconciles
 * is byte for byte what it was.
 */
export function repairGaps(
  asked: { cases: readonly Case[] },
  options: { results: readonly CaseResult[]; gaps: readonly Gap[] },
): CaseResult[] {
  if (options.gaps.length === 0) return [...options.results];
  const byCase = new Map(options.results.map((r) => [r.case_id, r]));
  const repaired: CaseResult[] = [];
  for (const testCase of asked.cases) {
    const gaps = options.gaps.filter((g) => g.case_id === testCase.id);
    const original = byCase.get(testCase.id);
    if (gaps.length === 0 && original !== undefined) {
      repaired.push(original);
      continue;
    }
    const result: CaseResult = original === undefined
      ? unaskedCaseResult(testCase)
      : { ...original, verdicts: [...original.verdicts] };
    for (const gap of gaps) {
      if (gap.kind === "missing-result") {
        for (const check of gap.checks) {
          const reason =
            `check "${check.name}" was asked of case "${testCase.id}" and no result came back`;
          result.verdicts.push(unreconciled(check, reason));
        }
      } else if (gap.kind === "missing-verdict") {
        const check = { id: gap.assertion_id, name: gap.assertion };
        result.verdicts.push(
          unreconciled(
            check,
            `check "${gap.assertion}" was asked of case "${testCase.id}" and no verdict came back`,
          ),
        );
      } else {
        const reason = gap.kind === "extra-verdict"
          ? `case "${testCase.id}" answered check "${gap.assertion}", which it was not asked`
          : `case "${testCase.id}" answered check "${gap.assertion}" twice; the second answer is not kept`;
        const check = { id: gap.assertion_id, name: gap.assertion };
        result.verdicts[gap.index] = unreconciled(check, reason);
      }
    }
    repaired.push(result);
  }
  return repaired;
}

/**
 * What a run keeps of what came back: every gap findGaps names, repaired by repairGaps into a
 * named errored verdict. Both a run and each round of a confirmation keep their results this way.
 */
export function reconcileResults(
  asked: { cases: readonly Case[]; assertions: readonly Assertion[] },
  results: readonly CaseResult[],
): CaseResult[] {
  return repairGaps(asked, { results, gaps: findGaps(asked, results) });
}

function unreconciled(check: { id: string; name: string }, reason: string): Verdict {
  return {
    assertion_id: check.id,
    assertion: check.name,
    status: "error",
    reason,
    metadata: { unreconciled: true },
  };
}
