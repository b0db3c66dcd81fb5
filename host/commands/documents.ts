import { diffOutputs } from "../../core/run/output_diff.ts";
import {
  type CompareDocument,
  compareDocumentOf,
  type DiffDocument,
  diffDocumentOf,
  type LogDocument,
  logDocumentOf,
  OUTPUT_VERSION,
  type PromoteDocument,
  promoteDocumentOf,
  type RunList,
  runRow,
  type RunSummary,
  runSummary,
} from "../../core/documents/mod.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import { measureBaseline } from "../../core/compare/baseline_measure.ts";
import type { RunStore } from "../store.ts";
import { type CompareOptions, type CompareResult, compareRun } from "./compare_run.ts";
import { listRuns } from "./history.ts";
import { mergeRuns, type MergeRunsOptions } from "./merge_runs.ts";
import { type PromoteOptions, promoteRun } from "./promote_run.ts";
import { type RejudgeOptions, rejudgeRun } from "./rejudge_run.ts";
import { runSuite, type RunSuiteOptions } from "./run_suite.ts";
import { resolveNamedRun, selectSuite } from "./select_suite.ts";
import { UsageError } from "../refusals.ts";

// Every front end asks for its results here, so `--json` and the MCP tools print the same
// document for the same request.

/** Runs a suite and describes the stored run. */
export async function runSuiteDocument(
  suitePath: string,
  options: RunSuiteOptions,
): Promise<RunSummary> {
  const { run, path, reused } = await runSuite(suitePath, options);
  return runSummary(run, { kind: "run", path, ...(options.resume ? { resumed: reused } : {}) });
}

/** Grades a stored run again under the suite's current checks and describes the new run. */
export async function rejudgeDocument(
  ref: string,
  options: RejudgeOptions,
): Promise<RunSummary> {
  const { run, path, reused } = await rejudgeRun(ref, options);
  return runSummary(run, { kind: "run", path, ...(options.resume ? { resumed: reused } : {}) });
}

/** Merges shard runs into one stored run and describes it, with the shards that were missing. */
export async function mergeRunsDocument(options: MergeRunsOptions): Promise<RunSummary> {
  const { run, path, missing } = await mergeRuns(options);
  return runSummary(run, { kind: "merge", path, missingShards: missing });
}

/** Promotes a run and describes the approval. */
export async function promoteDocument(
  ref: string,
  options: PromoteOptions,
): Promise<PromoteDocument> {
  const { baseline, path, sampled } = await promoteRun(ref, options);
  return promoteDocumentOf(baseline, { path, sampled });
}

/** The runs of a store, newest first, as `list` and `view` print them. */
export async function runListDocument(
  store: RunStore,
  options: { suite?: string; kind: "list" | "view" },
): Promise<RunList> {
  const suite = options.suite === undefined || options.kind === "list"
    ? await soleSuite(store, options.suite)
    : await selectSuite(store, options.suite);
  const { runs, baselines } = await listRuns(store, { suite });
  return {
    output_version: OUTPUT_VERSION,
    kind: options.kind,
    runs: runs.map((run) =>
      runRow(run, { isBaseline: baselines.get(run.suite)?.run_id === run.run_id })
    ),
    ...(options.kind === "view" && suite !== undefined
      ? { baseline: await baselineSensitivity(store, baselines.get(suite)) }
      : {}),
  };
}

/** A suite's approved baseline with the smallest drop of its primary figure it can detect. */
async function baselineSensitivity(
  store: RunStore,
  approval: BaselineDocument | undefined,
): Promise<RunList["baseline"]> {
  if (approval === undefined) return null;
  const ids = approval.runs ?? [approval.run_id];
  const runs: RunDocument[] = [];
  for (const id of ids) runs.push(await store.resolveRun(id, { suite: approval.suite }));
  return {
    run_id: approval.run_id,
    runs: ids,
    min_detectable_drop: measureBaseline(runs).sensitivity,
  };
}

/** One run in detail, as `view RUN` prints it. */
export async function viewRunDocument(
  store: RunStore,
  options: { run: string; suite?: string },
): Promise<RunSummary> {
  return runSummary(await resolveNamedRun(store, options.run, options), { kind: "view" });
}

/** A suite's history of runs and promotions. */
export async function logDocument(
  store: RunStore,
  options: { suite?: string } = {},
): Promise<LogDocument> {
  const suite = options.suite === undefined
    ? await soleSuite(store, undefined)
    : await selectSuite(store, options.suite);
  if (suite === undefined) {
    const baselines = [];
    for (const name of await store.suites()) baselines.push(...await store.baselineHistory(name));
    return logDocumentOf(null, { runs: await store.synopses(), baselines });
  }
  return logDocumentOf(suite, {
    runs: await store.synopses({ suite }),
    baselines: await store.baselineHistory(suite),
  });
}

/** The outputs that changed between two runs of one suite. */
export async function diffDocument(
  store: RunStore,
  options: { a: string; b: string; suite?: string },
): Promise<DiffDocument> {
  const a = await resolveNamedRun(store, options.a, options);
  const b = await resolveNamedRun(store, options.b, options);
  if (a.suite.name !== b.suite.name) {
    throw new UsageError(
      `diff: run ${a.run_id} is of suite ${a.suite.name} and run ${b.run_id} of suite ${b.suite.name}: diff compares two runs of one suite (narrow both with --suite NAME)`,
    );
  }
  return diffDocumentOf(diffOutputs(a, b));
}

/** The store's one suite, or none when it holds several (or when --suite only filters). */
async function soleSuite(store: RunStore, named: string | undefined): Promise<string | undefined> {
  if (named !== undefined) return named;
  const suites = await store.suites();
  return suites.length === 1 ? suites[0] : undefined;
}

/** A comparison and its document, for compare and explain. */
export async function compareDocument(
  ref: string | undefined,
  options: CompareOptions & { kind: "compare" | "explain" },
): Promise<{ document: CompareDocument; result: CompareResult }> {
  const result = await compareRun(ref, options);
  return {
    document: compareDocumentOf(result.comparison, {
      approval: result.approval,
      kind: options.kind,
    }),
    result,
  };
}
