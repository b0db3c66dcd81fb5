import { recordBaseline } from "../../core/compare/record_baseline.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import { RUN_SCHEMA_VERSION } from "../../core/run/run_document.ts";
import { type Clock, systemClock } from "../process/clock.ts";
import { gitUserName } from "../git/git_stamp.ts";
import { PromoteRefusedError, UsageError } from "../process/refusals.ts";
import { checkDeterminism } from "./determinism_check.ts";
import type { RunStore } from "../store/store.ts";
import { runSuite, type RunSuiteOptions } from "./run_suite.ts";
import { resolveNamedRun, suiteToPromote } from "./select_suite.ts";
import { refusePartial } from "./compare_run.ts";

/** What `promote` needs besides the run. */
export interface PromoteOptions {
  store: RunStore;
  /** More runs of the same suite that measure its noise together with the first. */
  with?: string[];
  /** Run the suite this many times in all (the given run counts as one) to measure its noise. */
  repeats?: number;
  /**
   * Set this many runs apart to choose the noisy cases `compare --confirm` draws again: with
   * `repeats`, that many runs more; the last ones, recorded as the approval's `selection_runs`
   * (ADR 0107). 0 records an empty list: no run chooses, so `--confirm` draws no noisy case.
   */
  selectionRuns?: number;
  onProgress?: RunSuiteOptions["onProgress"];
  suite?: string;
  /** Why this run is the reference; required, so every approval in the history says why. */
  because: string;
  /** Who approves; git's user.name when absent. */
  by?: string;
  clock?: Clock;
  /**
   * For a one-run baseline: draw this many of its cases again first, and refuse to promote when
   * any answers differently (the system is not deterministic, its noise must be measured).
   */
  checkDeterminism?: { sample: number };
}

/** The approval written, and where. */
export interface PromoteResult {
  baseline: BaselineDocument;
  path: string;
  /** With `checkDeterminism`: the cases drawn again, each answering as in the run. */
  sampled?: string[];
}

/**
 * Makes a run the approved baseline of its suite. Refuses a run with any errored verdict,
 * naming unreconciled checks first (a run with an unanswered question is not a reference), and
 * one whose calibration came back wrong (its instrument was off, so its verdicts are not).
 */
export async function promoteRun(ref: string, options: PromoteOptions): Promise<PromoteResult> {
  const run = ref === "latest" && options.suite === undefined
    ? await options.store.resolveRun(ref, { suite: await suiteToPromote(options.store) })
    : await resolveNamedRun(options.store, ref, { suite: options.suite });
  refusePartial(run, "promote", options.store.where);
  options.store.refuseUnlisted(run, "promoted");
  // Refuse an unfit first run before paying for repeats of it.
  refuseUnfit(run, run);
  const selection = options.selectionRuns ?? defaultSelectionRuns(options.repeats);
  // The test's runs come first and the selection runs on top of them.
  const wanted = (options.repeats ?? 1) + (options.repeats === undefined ? 0 : selection ?? 0);
  if (selection !== undefined) {
    refuseFewTestRuns(Math.max(wanted, 1 + (options.with?.length ?? 0)), { selection });
  }
  const runs = [run];
  for (const other of options.with ?? []) {
    const named = await options.store.resolveRun(other, { suite: run.suite.name });
    options.store.refuseUnlisted(named, "promoted");
    runs.push(named);
  }
  for (let i = runs.length; i < wanted; i++) {
    const again = await runSuite(run.suite.source, {
      store: options.store,
      onProgress: options.onProgress,
    });
    runs.push(again.run);
  }
  for (const other of runs) {
    refusePartial(other, "promote", options.store.where);
    refuseUnfit(other, run);
  }
  const ids = [...new Set(runs.map((r) => r.run_id))];
  // A run named twice counts once: what is left must still leave the test two runs.
  if (selection !== undefined) refuseFewTestRuns(ids.length, { selection });
  if (options.checkDeterminism !== undefined && ids.length > 1) {
    throw new UsageError(
      "promote: --check-determinism is for a baseline of one run; several runs measure the noise themselves",
    );
  }
  const sampled = options.checkDeterminism === undefined
    ? undefined
    : (await checkDeterminism(run, {
      ...options.checkDeterminism,
      where: options.store.where,
    })).sampled;
  const clock = options.clock ?? systemClock;
  const baseline: BaselineDocument = {
    schema_version: RUN_SCHEMA_VERSION,
    suite: run.suite.name,
    tenant: options.store.tenant,
    run_id: run.run_id,
    promoted_by: options.by ?? await gitUserName(Deno.cwd()) ?? "unknown",
    promoted_at: clock.now().toISOString(),
    because: options.because,
    ...(ids.length > 1 ? { runs: ids } : {}),
    ...(selection === undefined ? {} : { selection_runs: ids.slice(ids.length - selection) }),
    ...(ids.length > 1
      ? { measured: recordBaseline(ids.map((id) => runs.find((r) => r.run_id === id)!)) }
      : {}),
  };
  // The cited runs first, so an approval on disk never cites a copy that is not there yet.
  for (const id of ids) await options.store.writeCitedRun(runs.find((r) => r.run_id === id)!);
  const path = await options.store.writeBaseline(baseline);
  return { baseline, path, ...(sampled === undefined ? {} : { sampled }) };
}

/**
 * The selection runs `promote --repeats K` records when `--selection-runs` is not given: three on
 * top from K = 10, the baseline docs/detection.md recommends, as `--confirm` then finds the bench
 * mix's diffuse 5-point drop nine times in ten where the count rule's three of ten did not (ADR
 * 0124); below ten, none (the count rule), so a short baseline costs no more than it asked.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals([undefined, 5, 10, 20].map(defaultSelectionRuns), [undefined, undefined, 3, 3]);
 * ```
 */
export function defaultSelectionRuns(repeats: number | undefined): number | undefined {
  return repeats !== undefined && repeats >= DEFAULT_SELECTION_FROM
    ? DEFAULT_SELECTION_RUNS
    : undefined;
}

/** How many selection runs `promote --repeats K` records by default, from K = 10. */
export const DEFAULT_SELECTION_RUNS = 3;
/** The smallest `--repeats` that records DEFAULT_SELECTION_RUNS by default. */
export const DEFAULT_SELECTION_FROM = 10;

/**
 * Refuses selection runs that would leave the figure's test fewer than two runs: one run measures
 * no noise, and the approved run is never a selection run.
 */
function refuseFewTestRuns(runs: number, options: { selection: number }): void {
  const test = runs - options.selection;
  if (test >= 2) return;
  throw new UsageError(
    `promote: --selection-runs ${options.selection} leaves ${Math.max(0, test)} of ${runs} ` +
      `run${runs === 1 ? "" : "s"} for the test, which needs 2 or more: give --repeats K, the ` +
      "runs for the test (the selection runs come on top), e.g. --repeats 10 --selection-runs 3",
  );
}

/**
 * Refuses a run that can not be (part of) a reference: one with an unanswered question, or one
 * of a suite whose cases or checks differ from the first run's.
 */
function refuseUnfit(run: RunDocument, first: RunDocument): void {
  if (
    run.suite.name !== first.suite.name || run.suite.config_hash !== first.suite.config_hash ||
    run.suite.cases_digest !== first.suite.cases_digest
  ) {
    throw new PromoteRefusedError(run.run_id, {
      reason: "mismatched",
      checks: [first.run_id],
    });
  }
  const errored = run.cases.flatMap((c) =>
    c.verdicts.filter((v) => v.status === "error").map((v) => ({
      name: `${c.case_id} · ${v.assertion}`,
      unreconciled: v.metadata.unreconciled === true,
    }))
  );
  const unreconciled = errored.filter((e) => e.unreconciled).map((e) => e.name);
  if (unreconciled.length > 0) {
    throw new PromoteRefusedError(run.run_id, { reason: "unreconciled", checks: unreconciled });
  }
  if (errored.length > 0) {
    throw new PromoteRefusedError(run.run_id, {
      reason: "errored",
      checks: errored.map((e) => e.name),
    });
  }
  const lost = run.cases.flatMap((c) => {
    if (c.kind !== "calibration") return [];
    const wanted = c.expected_verdict ?? "pass";
    return c.verdicts.filter((v) => v.status !== wanted).map((v) =>
      `${c.case_id} · ${v.assertion} ${v.status}, wanted ${wanted}`
    );
  });
  if (lost.length > 0) {
    throw new PromoteRefusedError(run.run_id, { reason: "calibration-lost", checks: lost });
  }
  const uncomputable = run.figures.filter((f) => f.value === null).map((f) => f.name);
  if (uncomputable.length > 0) {
    throw new PromoteRefusedError(run.run_id, { reason: "uncomputable", checks: uncomputable });
  }
}
