import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { historyPoints, type ReportInput } from "../../../core/report/mod.ts";
import type { BaselineDocument, RunDocument } from "../../../core/run/run_document.ts";
import { type FakeCase, fakeRun } from "../_runs.ts";

/** Run ids for the fake runs, oldest first. */
export const RUNS = [
  "20261130-000000-000-aaaaaa",
  "20261130-000100-000-bbbbbb",
  "20261130-000200-000-cccccc",
] as const;

/** An approval of the baseline run. */
export const APPROVAL: BaselineDocument = {
  schema_version: 1,
  suite: "s",
  tenant: "default",
  run_id: RUNS[0],
  promoted_by: "ana",
  promoted_at: "2026-11-30T00:00:30.000Z",
  because: "first release",
};

/** Gives every case of a run an output and every verdict a reason, both marked as payload. */
export function withPayload(run: RunDocument, tag: string): RunDocument {
  return {
    ...run,
    cases: run.cases.map((c) => ({
      ...c,
      output: `PAYLOAD-OUTPUT ${tag} ${c.case_id}`,
      verdicts: c.verdicts.map((v) => ({ ...v, reason: `PAYLOAD-REASON ${tag}` })),
    })),
  };
}

/** A report input comparing two fake runs, with the runs given (default: both) as history. */
export function reportInput(
  before: FakeCase[],
  after: FakeCase[],
  options: { history?: RunDocument[]; edit?: (run: RunDocument) => RunDocument } = {},
): ReportInput {
  const edit = options.edit ?? ((run: RunDocument) => run);
  const baseline = edit(withPayload(fakeRun(RUNS[0], before), "baseline"));
  const candidate = edit(withPayload(
    { ...fakeRun(RUNS[1], after), started_at: "2026-11-30T00:01:00.000Z" },
    "candidate",
  ));
  return {
    comparison: compareRuns(baseline, candidate),
    candidate,
    baseline,
    approval: APPROVAL,
    history: historyPoints(options.history ?? [baseline, candidate]),
  };
}

/** `n` cases that all pass the `correct` check, then all fail it: n regressions. */
export function manyRegressions(n: number): { before: FakeCase[]; after: FakeCase[] } {
  const ids = Array.from({ length: n }, (_, i) => `case-${String(i).padStart(5, "0")}`);
  return {
    before: ids.map((id) => ({ id, statuses: { correct: "pass" } })),
    after: ids.map((id) => ({ id, statuses: { correct: "fail" } })),
  };
}
