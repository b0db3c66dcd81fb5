import { runTotals } from "../model/totals.ts";
import { recordedAssertions } from "../compare/recheck_rules.ts";
import type { Suite } from "../suite/suite.ts";
import { targetIdentity } from "../suite/target_spec.ts";
import { computeFigures } from "./aggregate.ts";
import { type CaseResult, RUN_SCHEMA_VERSION, type RunDocument } from "./run_document.ts";

/** Where and when a run was made: what the run document records beside the suite's results. */
export interface RunRecord {
  run_id: string;
  tenant: string;
  /** Where the suite was loaded from, as the user named it. */
  source: string;
  git_commit: string | null;
  /** ISO 8601 times. */
  started_at: string;
  finished_at: string;
}

/**
 * The run document of a suite's results: the suite's identity and checks, its figures computed
 * from the results, and the totals. `cases` are the results as reconcileResults left them (every
 * gap already a named errored verdict), in the suite's case order. Pure: the same suite, cases
 * and record always give the same document.
 */
export function assembleRun(
  suite: Suite,
  options: { cases: readonly CaseResult[]; record: RunRecord },
): RunDocument {
  const { record } = options;
  const cases = [...options.cases];
  const assertions = recordedAssertions(suite.assertions);
  return {
    schema_version: RUN_SCHEMA_VERSION,
    run_id: record.run_id,
    tenant: record.tenant,
    suite: {
      name: suite.name,
      cases_digest: suite.cases_digest,
      config_hash: suite.config_hash,
      source: record.source,
    },
    target: targetIdentity(suite.target),
    git_commit: record.git_commit,
    started_at: record.started_at,
    finished_at: record.finished_at,
    assertions,
    cases,
    aggregates: [...suite.aggregates],
    figures: computeFigures(suite.aggregates, { assertions, cases }),
    gate: suite.gate,
    totals: runTotals(cases),
    ...(suite.report.redact.length === 0 ? {} : { redact: [...suite.report.redact] }),
  };
}
