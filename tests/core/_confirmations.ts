import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import { nextDraws, planConfirmation } from "../../core/compare/confirmation_plan.ts";
import type { CaseResult, RunDocument } from "../../core/run/run_document.ts";
import { fakeRun } from "./_runs.ts";

/**
 * Plays `compare --confirm` for `run` against `runs` as the host would: plans, then draws each
 * round the plan asks for, `answer` deciding every draw's verdict, and returns the confirmation.
 */
export function playConfirmation(
  runs: RunDocument[],
  run: RunDocument,
  options: {
    answer: (id: string, round: number) => "pass" | "fail";
    selectionRuns?: readonly string[];
  },
): ConfirmationDocument {
  const plan = planConfirmation(runs, run, { selectionRuns: options.selectionRuns });
  const rounds: CaseResult[][] = [];
  for (let ids = nextDraws(plan, rounds); ids.length > 0; ids = nextDraws(plan, rounds)) {
    rounds.push(
      ids.map((id) =>
        fakeRun(run.run_id, [{ id, statuses: { correct: options.answer(id, rounds.length) } }])
          .cases[0]
      ),
    );
  }
  return {
    schema_version: 1,
    confirmation_id: "20261130-000002-000-cfcfcf",
    candidate_run: run.run_id,
    baseline_runs: runs.map((r) => r.run_id),
    suite: { name: "s", cases_digest: "aaaaaaaaaaaaaaaa", config_hash: "bbbbbbbbbbbbbbbb" },
    target: run.target,
    git_commit: null,
    started_at: run.started_at,
    finished_at: run.finished_at,
    plan,
    rounds,
  };
}
