import {
  type PromoteDocument,
  promoteDocumentOf,
  type RunSummary,
  runSummary,
} from "../../core/documents/mod.ts";
import { mergeRuns, type MergeRunsOptions } from "./merge_runs.ts";
import { type PromoteOptions, promoteRun } from "./promote_run.ts";
import { type RejudgeOptions, rejudgeRun } from "./rejudge_run.ts";

import { storedRunDocument } from "./run_suite_document.ts";

export { runSuiteDocument } from "./run_suite_document.ts";

// Every front end asks for its results here, so `--json` and the MCP tools print the same
// document for the same request. The store's read-only documents (list, view, log, diff) are
// in store_documents.ts, and compare's in compare_document.ts: each loads only what it needs.

/** Grades a stored run again under the suite's current checks and describes the new run. */
export async function rejudgeDocument(
  ref: string,
  options: RejudgeOptions,
): Promise<RunSummary> {
  return storedRunDocument(await rejudgeRun(ref, options), options);
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
