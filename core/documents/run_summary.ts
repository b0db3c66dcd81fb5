import type { RunDocument } from "../run/run_document.ts";
import { erroredCauses } from "../run/errored_causes.ts";
import { redactCauses } from "../run/redact_run.ts";
import { outputNoteLines } from "../run/output_notes.ts";
import type { RunSummary } from "./runs.ts";
import { OUTPUT_VERSION } from "./version.ts";

// Apart from runs.ts's schemas, so `view RUN` builds its document without loading zod.

/** Counts a run's verdicts, each count beside the checks it counts. */
export function verdictTally(run: RunDocument): Record<"pass" | "fail" | "error", string[]> & {
  suspended: string[];
} {
  const tally = { pass: [] as string[], fail: [] as string[], error: [] as string[] };
  for (const c of run.cases) {
    for (const v of c.verdicts) tally[v.status].push(`${c.case_id} · ${v.assertion}`);
  }
  return {
    ...tally,
    suspended: run.cases.filter((c) => c.kind === "suspended").map((c) => c.case_id),
  };
}

/** Builds the summary of one run. */
export function runSummary(
  run: RunDocument,
  options: {
    kind: "run" | "view" | "merge";
    path?: string;
    resumed?: string[];
    missingShards?: { index: number; count: number; cases: string[] }[];
  },
): RunSummary {
  const tally = verdictTally(run);
  const notes = outputNoteLines(run.cases);
  return {
    output_version: OUTPUT_VERSION,
    kind: options.kind,
    run_id: run.run_id,
    suite: run.suite.name,
    cases_digest: run.suite.cases_digest,
    config_hash: run.suite.config_hash,
    target: `${run.target.kind}: ${run.target.name}`,
    git_commit: run.git_commit,
    started_at: run.started_at,
    finished_at: run.finished_at,
    cases: run.cases.map((c) => c.case_id),
    checks: { pass: tally.pass, fail: tally.fail, error: tally.error },
    suspended: tally.suspended,
    figures: run.figures,
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.resumed === undefined ? {} : { resumed: options.resumed }),
    ...(run.totals === undefined ? {} : { totals: run.totals }),
    ...(tally.error.length === 0
      ? {}
      : { errored_causes: redactCauses(erroredCauses(run.cases), run.redact ?? []) }),
    ...(run.rejudged_from === undefined ? {} : { rejudged_from: run.rejudged_from }),
    ...(run.shard === undefined ? {} : { shard: `${run.shard.index}/${run.shard.count}` }),
    ...(run.merged_from === undefined ? {} : { merged_from: run.merged_from }),
    ...(notes.length === 0 ? {} : { output_notes: notes }),
    ...(options.missingShards === undefined ? {} : {
      missing_shards: options.missingShards.map((m) => ({
        shard: `${m.index}/${m.count}`,
        cases: m.cases,
      })),
    }),
    ...(run.redact === undefined || run.redact.length === 0 ? {} : { redacted: [...run.redact] }),
    ...(run.label === undefined ? {} : { label: run.label }),
  };
}
