import { OUTPUT_VERSION } from "../../core/documents/version.ts";
import type { RunList, RunSummary } from "../../core/documents/runs.ts";
import { runRow } from "../../core/documents/run_row.ts";
import { runSummary } from "../../core/documents/run_summary.ts";
import type { DiffDocument, LogDocument } from "../../core/documents/history.ts";
import { logDocumentOf } from "../../core/documents/log_document.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import type { RunStore } from "../store/store.ts";
import { listRuns } from "./history.ts";
import { resolveNamedRun, selectSuite } from "./select_suite.ts";
import { UsageError } from "../process/refusals.ts";
import type { Redactable } from "../../core/suite/redaction.ts";

// The documents of the commands that only read the store (list, view, log, diff). They live
// apart from documents.ts so these commands never load the suite loader, the runner or the
// digests: at ten thousand stored runs, start-up is most of what they cost. `list` and `log`
// load no schema (and so no zod) unless a document needs one; what only `view RUN`, `diff` or a
// baseline's sensitivity uses is imported when it is asked for.

/**
 * The runs of a store, newest first, as `list` and `view` print them; only the newest `limit`
 * when given.
 */
export async function runListDocument(
  store: RunStore,
  options: { suite?: string; kind: "list" | "view"; limit?: number },
): Promise<RunList> {
  const suite = options.suite === undefined || options.kind === "list"
    ? await soleSuite(store, options.suite)
    : await selectSuite(store, options.suite);
  const { runs, unlisted, total, baselines } = await listRuns(store, {
    suite,
    newest: options.limit,
  });
  return {
    output_version: OUTPUT_VERSION,
    kind: options.kind,
    total,
    runs: runs.map((run) =>
      runRow(run, {
        isBaseline: baselines.get(run.suite)?.run_id === run.run_id,
        unlisted: unlisted.has(run.run_id),
      })
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
  const { measureBaseline } = await import("../../core/compare/baseline_measure.ts");
  const ids = approval.runs ?? [approval.run_id];
  const runs: RunDocument[] = [];
  for (const id of ids) runs.push(await store.approvedRun(approval.suite, id));
  return {
    run_id: approval.run_id,
    runs: ids,
    min_detectable_drop: measureBaseline(runs, { selectionRuns: approval.selection_runs })
      .sensitivity,
  };
}

/** One run in detail, as `view RUN` prints it. */
export async function viewRunDocument(
  store: RunStore,
  options: { run: string; suite?: string },
): Promise<RunSummary> {
  const run = await resolveNamedRun(store, options.run, options);
  const summary = runSummary(run, { kind: "view" });
  return store.isListed({ runId: run.run_id, suite: run.suite.name })
    ? summary
    : { ...summary, unlisted: true };
}

/**
 * A suite's history of runs and promotions; only the last `limit` events when given. The events
 * before them are counted, not read: every one of them is older than the newest `limit` runs.
 */
export async function logDocument(
  store: RunStore,
  options: { suite?: string; limit?: number } = {},
): Promise<LogDocument> {
  const suite = options.suite === undefined
    ? await soleSuite(store, undefined)
    : await selectSuite(store, options.suite);
  const baselines = [];
  for (const name of suite === undefined ? await store.suites() : [suite]) {
    baselines.push(...await store.baselineHistory(name));
  }
  const listing = await store.listing({ suite, newest: options.limit });
  return logDocumentOf(suite ?? null, {
    runs: listing.runs,
    unlisted: listing.unlisted,
    baselines,
    total: await store.runCount({ suite }) + baselines.length,
    limit: options.limit,
  });
}

/** The outputs that changed between two runs of one suite. */
export async function diffDocument(
  store: RunStore,
  options: {
    a: string;
    b: string;
    suite?: string;
    /**
     * The payloads to replace by their digests first (with whatever either run's suite redacts),
     * for a page that is shared: equal outputs keep equal digests, so the same cases differ.
     */
    redact?: readonly Redactable[];
  },
): Promise<DiffDocument> {
  const a = await resolveNamedRun(store, options.a, options);
  const b = await resolveNamedRun(store, options.b, options);
  if (a.suite.name !== b.suite.name) {
    throw new UsageError(
      `diff: run ${a.run_id} is of suite ${a.suite.name} and run ${b.run_id} of suite ${b.suite.name}: diff compares two runs of one suite (narrow both with --suite NAME)`,
    );
  }
  const { diffOutputs } = await import("../../core/run/output_diff.ts");
  const { diffDocumentOf } = await import("../../core/documents/history.ts");
  if (options.redact === undefined) return diffDocumentOf(diffOutputs(a, b));
  const { redactRun } = await import("../../core/run/redact_run.ts");
  const { canonicalRedaction } = await import("../../core/suite/redaction.ts");
  const redacted = canonicalRedaction(options.redact, a.redact ?? [], b.redact ?? []);
  return diffDocumentOf(diffOutputs(redactRun(a, redacted), redactRun(b, redacted)));
}

/** The store's one suite, or none when it holds several (or when --suite only filters). */
async function soleSuite(store: RunStore, named: string | undefined): Promise<string | undefined> {
  if (named !== undefined) return named;
  const suites = await store.suites();
  return suites.length === 1 ? suites[0] : undefined;
}
