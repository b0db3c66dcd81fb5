import type { RunProgress } from "../../core/run/progress.ts";
import { computeFigures } from "../../core/run/aggregate.ts";
import { runTotals } from "../../core/model/totals.ts";
import { findGaps, repairGaps } from "../../core/run/reconcile.ts";
import { RUN_SCHEMA_VERSION, type RunDocument } from "../../core/run/run_document.ts";
import { shardOf } from "../../core/run/shard.ts";
import { targetIdentity } from "../../core/suite/target_spec.ts";
import { type Clock, newRunId, systemClock } from "../clock.ts";
import { executeCases } from "../driver.ts";
import { gitStamp } from "../git_stamp.ts";
import { bindJudges } from "../judges/mod.ts";
import { type JournalHeader, journalPath, JournalWriter, readJournal } from "../journal.ts";
import { JournalRefusedError } from "../refusals.ts";
import type { RunStore } from "../store.ts";
import { createModelPool } from "../models/pool.ts";
import { loadSuite } from "../suite_loader/mod.ts";
import { openTarget } from "../targets/mod.ts";

/** What `run` needs beyond the suite path. */
export interface RunSuiteOptions {
  store: RunStore;
  clock?: Clock;
  onProgress?: (progress: RunProgress) => void;
  /** Something the user should know that is not the result (a torn journal line dropped). */
  onNote?: (note: string) => void;
  signal?: AbortSignal;
  /** Continue the interrupted run journaled for this suite, reusing its finished cases. */
  resume?: boolean;
  /** Discard the journal of an interrupted run and start over. */
  restart?: boolean;
  /** Run only shard `index` of `count` (1-based) and store it as a partial run for `merge`. */
  shard?: { index: number; count: number };
}

/** The stored run, where it was written, and the cases a resume reused. */
export interface RunSuiteResult {
  run: RunDocument;
  path: string;
  reused: string[];
}

/**
 * Loads a suite, runs every case against its target (journaling each as it finishes),
 * reconciles what came back with what was asked, computes the figures and stores the run.
 */
export async function runSuite(
  suitePath: string,
  options: RunSuiteOptions,
): Promise<RunSuiteResult> {
  const clock = options.clock ?? systemClock;
  const loaded = await loadSuite(suitePath);
  const shard = options.shard;
  // A shard keeps the whole suite's digests, so merge can tell its shards are of one suite.
  const suite = shard === undefined ? loaded.suite : {
    ...loaded.suite,
    cases: loaded.suite.cases.filter((c) => shardOf(c.id, shard.count) === shard.index),
  };
  const workFile = journalPath(options.store, { suite: suite.name, shard });
  let journal = options.restart ? null : await readJournal(workFile, suite);
  if (journal !== null && !options.resume) {
    throw new JournalRefusedError(workFile, {
      detail: `an interrupted run of suite ${suite.name} left ${journal.entries.size} finished ` +
        `cases here: continue it with run --resume, or discard them with run --restart`,
    });
  }
  if (journal?.tornLine != null) {
    options.onNote?.(
      `dropped the torn last line (line ${journal.tornLine}) of ${workFile}, left by a kill mid-write; that case runs again`,
    );
  }
  if (options.resume && journal === null) {
    options.onNote?.(`no interrupted run of suite ${suite.name} to resume; running it whole`);
  }
  // Model keys are read here, before a journal exists: a missing key or --allow-env is refused
  // before anything is called, and leaves no work file behind.
  const models = createModelPool();
  const running = { ...suite, assertions: bindJudges(suite.assertions, { models }) };
  const target = openTarget(suite.target, { suiteDir: loaded.dir, models });
  const startedAt = clock.now();
  const header: JournalHeader = journal?.header ?? {
    journal: 1,
    run_id: newRunId(startedAt),
    suite: suite.name,
    cases_digest: suite.cases_digest,
    config_hash: suite.config_hash,
    started_at: startedAt.toISOString(),
    git_commit: await gitStamp(loaded.dir),
  };
  let writer: JournalWriter;
  try {
    writer = journal === null
      ? await JournalWriter.create(workFile, header)
      : await JournalWriter.resume(workFile, journal);
  } catch (error) {
    await target.close();
    throw error;
  }
  const reuse = journal?.entries ?? new Map();
  journal = null;
  let results;
  try {
    results = await executeCases(running, {
      target,
      reuse,
      onCaseResult: (result) => writer.append(result),
      onCaseDone: options.onProgress,
      signal: options.signal,
    });
  } catch (error) {
    // What finished before the stop is written out for --resume; the stop is what gets said.
    await writer.close().catch(() => {});
    await target.close();
    throw error;
  }
  try {
    await writer.close();
  } finally {
    await target.close();
  }
  const asked = { cases: suite.cases, assertions: suite.assertions };
  const cases = repairGaps(asked, { results, gaps: findGaps(asked, results) });
  const assertions = suite.assertions.map((a) => ({ id: a.id, name: a.name, kind: a.kind }));
  const run: RunDocument = {
    schema_version: RUN_SCHEMA_VERSION,
    run_id: header.run_id,
    tenant: options.store.tenant,
    suite: {
      name: suite.name,
      cases_digest: suite.cases_digest,
      config_hash: suite.config_hash,
      source: loaded.source,
    },
    target: targetIdentity(suite.target),
    git_commit: header.git_commit,
    started_at: header.started_at,
    finished_at: clock.now().toISOString(),
    assertions,
    cases,
    figures: computeFigures(suite.aggregates, { assertions, cases }),
    gate: suite.gate,
    totals: runTotals(cases),
    ...(shard === undefined ? {} : { shard: { ...shard, cases: suite.cases.map((c) => c.id) } }),
  };
  const path = await options.store.writeRun(run);
  // The run is stored, so the journal has done its work: a work file is not a document.
  await Deno.remove(workFile);
  return { run, path, reused: [...reuse.keys()] };
}
