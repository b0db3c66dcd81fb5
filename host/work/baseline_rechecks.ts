import { canonicalJson } from "../../core/digest.ts";
import { runDocumentDigest } from "../../core/run/run_digest.ts";
import type { BaselineRecheck, RunDocument } from "../../core/run/run_document.ts";
import type { Verdict } from "../../core/verdict.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { isPureCustom } from "../../core/suite/assertions/pure_custom.ts";
import type { Case } from "../../core/suite/case.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { NoBaselineError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";
import { erroredVerdict, judgeOutput } from "../running/verdicts.ts";

/**
 * The suite's pure custom checks applied to the approved baseline's stored outputs, wherever
 * the baseline has no verdict under the same definition or the case's `expected` moved. Only a
 * run has the suite's code at hand; compare reads these so both sides are judged by the same
 * rules (ADR 0053). Each re-check carries the digest of the document it graded, and compare uses
 * it only for that document (ADR 0081). No baseline yet, or none readable, records nothing:
 * compare then says which checks it could not re-check.
 */
export async function pureBaselineRechecks(
  suite: Suite,
  options: { store: RunStore; baselineRef?: string; onNote?: (note: string) => void },
): Promise<BaselineRecheck[]> {
  const pure = suite.assertions.filter(isPureCustom);
  if (pure.length === 0) return [];
  let runs: RunDocument[];
  try {
    runs = await approvedRuns(suite.name, options);
  } catch (error) {
    if (error instanceof NoBaselineError) return [];
    options.onNote?.(
      `the pure checks were not re-checked on the approved baseline, which could not be read (${
        error instanceof Error ? error.message : String(error)
      }); compare will name them as not re-checked`,
    );
    return [];
  }
  return await pureRechecksOn(runs, { assertions: pure, cases: suite.cases });
}

/**
 * The approved runs the way compare will read them: from git at the ref with --baseline-ref
 * (the base branch's, not the tree's), else from the store, or the copies beside the approval
 * that are all a fresh clone has.
 */
async function approvedRuns(
  suite: string,
  options: { store: RunStore; baselineRef?: string },
): Promise<RunDocument[]> {
  if (options.baselineRef !== undefined) {
    const { baselineAtRef } = await import("../git/baseline_at_ref.ts");
    return (await baselineAtRef(options.store, { ref: options.baselineRef, suite })).runs;
  }
  const approval = await options.store.currentBaseline(suite);
  const runs: RunDocument[] = [];
  for (const id of approval.runs ?? [approval.run_id]) {
    runs.push(await options.store.approvedRun(suite, id));
  }
  return runs;
}

/**
 * The pure custom checks among `suite.assertions` applied to the given baseline runs' stored
 * outputs, where a run has no verdict under the same definition or the case's `expected` moved.
 */
export async function pureRechecksOn(
  runs: readonly RunDocument[],
  suite: Pick<Suite, "assertions" | "cases">,
): Promise<BaselineRecheck[]> {
  const pure = suite.assertions.filter(isPureCustom);
  const cases = new Map(suite.cases.map((c) => [c.id, c]));
  const rechecks: BaselineRecheck[] = [];
  for (const run of runs) {
    for (const stored of run.cases) {
      const testCase = cases.get(stored.case_id);
      if (testCase === undefined || (stored.kind !== "normal" && stored.kind !== "canary")) {
        continue;
      }
      const expectedMoved =
        canonicalJson(stored.expected ?? null) !== canonicalJson(testCase.expected ?? null);
      const outputs = stored.samples === undefined
        ? [stored.output]
        : stored.samples.map((s) => s.output);
      for (const check of pure) {
        const answered = stored.verdicts.some((v) => v.assertion_id === check.id);
        if (answered && !expectedMoved) continue;
        const verdicts = await gradeEach(check, { outputs, testCase });
        if (verdicts === undefined) continue;
        rechecks.push({
          run_id: run.run_id,
          baseline_digest: runDocumentDigest(run),
          case_id: stored.case_id,
          assertion_id: check.id,
          verdicts,
        });
      }
    }
  }
  return rechecks;
}

/**
 * One verdict per stored output, or nothing when the check answered none or several for one
 * (no single verdict to put beside the candidate's: compare names it as not re-checked).
 */
async function gradeEach(
  check: Assertion,
  given: { outputs: readonly (string | undefined)[]; testCase: Case },
): Promise<Verdict[] | undefined> {
  const verdicts: Verdict[] = [];
  for (const output of given.outputs) {
    const answers = output === undefined
      ? [erroredVerdict(check, {
        reason: "the baseline has no output for this case to re-check",
        metadata: {},
      })]
      : await judgeOutput([check], { output, testCase: given.testCase });
    if (answers.length !== 1) return undefined;
    verdicts.push({ ...answers[0], metadata: { ...answers[0].metadata, rechecked: true } });
  }
  return verdicts;
}
