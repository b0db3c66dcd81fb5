import { z } from "zod";
import type { RunDocument } from "./run_document.ts";
import { Digest16Schema } from "./verdict.ts";

/**
 * What `list`, `view` and `log` show of a run, small enough that a store keeps one line per run
 * in an index and never reads ten thousand documents to print a table.
 */
export const RunSynopsisSchema = z.strictObject({
  run_id: z.string(),
  suite: z.string(),
  started_at: z.string(),
  git_commit: z.string().nullable(),
  target: z.strictObject({ kind: z.string(), name: z.string() }),
  cases: z.number().int().nonnegative(),
  cases_digest: Digest16Schema,
  config_hash: Digest16Schema,
  /** `case · check` of every errored verdict. */
  errored_checks: z.array(z.string()),
  failed_checks: z.number().int().nonnegative(),
  figures: z.record(z.string(), z.number().nullable()),
  /** A shard run's `K/N`. */
  shard: z.string().optional(),
});
/** A run synopsis. */
export type RunSynopsis = z.infer<typeof RunSynopsisSchema>;

/** The synopsis of a run document. */
export function runSynopsis(run: RunDocument): RunSynopsis {
  const errored: string[] = [];
  let failed = 0;
  for (const c of run.cases) {
    for (const v of c.verdicts) {
      if (v.status === "error") errored.push(`${c.case_id} · ${v.assertion}`);
      else if (v.status === "fail") failed++;
    }
  }
  return {
    run_id: run.run_id,
    suite: run.suite.name,
    started_at: run.started_at,
    git_commit: run.git_commit,
    target: run.target,
    cases: run.cases.length,
    cases_digest: run.suite.cases_digest,
    config_hash: run.suite.config_hash,
    errored_checks: errored,
    failed_checks: failed,
    figures: Object.fromEntries(run.figures.map((f) => [f.name, f.value])),
    ...(run.shard === undefined ? {} : { shard: `${run.shard.index}/${run.shard.count}` }),
  };
}
