import type { RunProgress } from "../../core/run/progress.ts";
import { assembleRun } from "../../core/run/assemble_run.ts";
import { shardOf } from "../../core/run/shard.ts";
import type { RunDocument } from "../../core/run/run_document.ts";
import { type Clock, newRunId, systemClock } from "../clock.ts";
import { gitStamp } from "../git_stamp.ts";
import { type JournalHeader, journalPath, JournalWriter, readJournal } from "../journal.ts";
import { JournalRefusedError, UsageError } from "../refusals.ts";
import { withRunSession } from "../run_session.ts";
import type { RunStore } from "../store.ts";
import { loadSuite } from "../suite_loader/mod.ts";

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
 * Refuses `resume` with `restart` before reading anything: every front end gets the same refusal.
 */
export async function runSuite(
  suitePath: string,
  options: RunSuiteOptions,
): Promise<RunSuiteResult> {
  if (options.resume && options.restart) {
    throw new UsageError("run: --resume and --restart contradict each other; give one");
  }
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
  // The session reads model keys as it opens, before a journal exists: a missing key or
  // --allow-env is refused before anything is called, and leaves no work file behind.
  const { header, cases, reuse } = await withRunSession(loaded, async (session) => {
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
    const writer = journal === null
      ? await JournalWriter.create(workFile, header)
      : await JournalWriter.resume(workFile, journal);
    const reuse = journal?.entries ?? new Map();
    journal = null;
    let cases;
    try {
      cases = await session.draw(shard === undefined ? undefined : suite.cases, {
        reuse,
        onCaseResult: (result) => writer.append(result),
        onCaseDone: options.onProgress,
        signal: options.signal,
      });
    } catch (error) {
      // What finished before the stop is written out for --resume; the stop is what gets said.
      await writer.close().catch(() => {});
      throw error;
    }
    await writer.close();
    return { header, cases, reuse };
  });
  const assembled = assembleRun(suite, {
    cases,
    record: {
      run_id: header.run_id,
      tenant: options.store.tenant,
      source: loaded.source,
      git_commit: header.git_commit,
      started_at: header.started_at,
      finished_at: clock.now().toISOString(),
    },
  });
  const run = shard === undefined
    ? assembled
    : { ...assembled, shard: { ...shard, cases: suite.cases.map((c) => c.id) } };
  const path = await options.store.writeRun(run);
  // The run is stored, so the journal has done its work: a work file is not a document.
  await Deno.remove(workFile);
  return { run, path, reused: [...reuse.keys()] };
}
