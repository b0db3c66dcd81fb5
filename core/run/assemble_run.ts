import { runTotals } from "./run_totals.ts";
// The zod-free modules, not the schemas that re-export them: storing a run loads no zod (ADR 0077).
import { recordedAssertions } from "./recorded_assertions.ts";
import type { Suite } from "../suite/suite.ts";
import { targetIdentity } from "../suite/target_identity.ts";
import { type TargetSettings, targetSettingsOf } from "./target_settings.ts";
import { computeFigures } from "./aggregate.ts";
import type { BaselineRecheck, CaseResult, RetriedFrom, RunDocument } from "./run_document.ts";
import { RUN_SCHEMA_VERSION } from "./run_schema_version.ts";
import type { RunScope } from "./run_scope.ts";

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
  /** `run --label`: a person's name for the run. */
  label?: string;
}

/**
 * The run document of a suite's results: the suite's identity and checks, its figures computed
 * from the results, and the totals. `cases` are the results as reconcileResults left them (every
 * gap already a named errored verdict), in the suite's case order. Pure: the same suite, cases
 * and record always give the same document.
 */
export function assembleRun(
  suite: Suite,
  options: {
    cases: readonly CaseResult[];
    record: RunRecord;
    /** The scope the suite was cut to (scopeSuite): a shard or a re-grade says so in the run. */
    scope?: RunScope;
    /** The approved baseline's verdicts under pure checks whose definition changed. */
    baselineRechecks?: readonly BaselineRecheck[];
    /** `run --retry-errors`: the run this one completed, and the cases it called again. */
    retriedFrom?: RetriedFrom;
  },
): RunDocument {
  const { record, scope = { kind: "whole" } } = options;
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
    // A re-grade judges the stored run's outputs: its target is the one that answered them.
    target: scope.kind === "regrade" ? scope.run.target : targetIdentity(suite.target),
    ...targetSettingsField(
      scope.kind === "regrade" ? scope.run.target_settings : targetSettingsOf(suite.target),
    ),
    git_commit: record.git_commit,
    started_at: record.started_at,
    finished_at: record.finished_at,
    assertions,
    aggregates: [...suite.aggregates],
    cases,
    figures: computeFigures(suite.aggregates, { assertions, cases }),
    gate: suite.gate,
    totals: runTotals(cases),
    // In the schema's order, so the run is written as the schema would return it.
    ...(scope.kind === "regrade" ? { rejudged_from: scope.run.run_id } : {}),
    // A shard is a partial run: it records which shard it is and the cases it was asked.
    ...(scope.kind === "shard"
      ? { shard: { index: scope.index, count: scope.count, cases: suite.cases.map((c) => c.id) } }
      : {}),
    ...(scope.kind === "merged" ? { merged_from: [...scope.from] } : {}),
    ...(options.baselineRechecks === undefined || options.baselineRechecks.length === 0
      ? {}
      : { baseline_rechecks: [...options.baselineRechecks] }),
    ...(suite.report.redact.length === 0 ? {} : { redact: [...suite.report.redact] }),
    ...(record.label === undefined ? {} : { label: record.label }),
    ...(options.retriedFrom === undefined ? {} : { retried_from: options.retriedFrom }),
  };
}

function targetSettingsField(settings: TargetSettings | undefined): {
  target_settings?: TargetSettings;
} {
  return settings === undefined ? {} : { target_settings: settings };
}
