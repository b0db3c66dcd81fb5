import type { RunSynopsis } from "../run/run_synopsis.ts";
import type { RunRow } from "./runs.ts";

// Apart from runs.ts's schemas, so `list` builds its rows without loading zod.

/** Builds one row of the run list. */
export function runRow(
  run: RunSynopsis,
  options: { isBaseline: boolean; unlisted?: boolean },
): RunRow {
  return {
    run_id: run.run_id,
    suite: run.suite,
    started_at: run.started_at,
    git_commit: run.git_commit,
    target: `${run.target.kind}: ${run.target.name}`,
    cases: run.cases,
    errored_checks: run.errored_checks,
    failed_checks: run.failed_checks,
    is_baseline: options.isBaseline,
    figures: run.figures,
    ...(options.unlisted ? { unlisted: true as const } : {}),
    ...(run.label === undefined ? {} : { label: run.label }),
  };
}
