import { figureIntervals } from "./figure_interval.ts";
import type { RunDocument } from "./run_document.ts";
import type { RunSynopsis } from "./run_synopsis_schema.ts";

// The synopsis's code apart from its schema: `list` and `log` read the index through its
// generated validator, and load zod only when a line needs the schema's judgement.

export type { RunSynopsis } from "./run_synopsis_schema.ts";

/** The synopsis of a run document. */
export function runSynopsis(run: RunDocument): RunSynopsis {
  const errored: string[] = [];
  let failed = 0;
  // Indexed loops: `compare` walks every verdict of the run here once, in code too cold for V8
  // to have optimised, where an iterator's calls were most of the walk.
  const cases = run.cases;
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const verdicts = c.verdicts;
    for (let j = 0; j < verdicts.length; j++) {
      const v = verdicts[j];
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
    intervals: figureIntervals(run),
    ...(run.shard === undefined ? {} : { shard: `${run.shard.index}/${run.shard.count}` }),
    ...(run.label === undefined ? {} : { label: run.label }),
  };
}
