import { dirname, relative, resolve } from "node:path";
import type { RunProgress } from "../../core/run/progress.ts";
import { type RunScope, scopeSuite } from "../../core/run/run_scope.ts";
import { shardOf } from "../../core/run/shard_spec.ts";
import type { CaseResult, RetriedFrom, RunDocument } from "../../core/run/run_document.ts";
import { runDocumentDigest } from "../../core/run/run_digest.ts";
import { digline } from "../../core/printed_command.ts";
import { type Clock, newRunId, systemClock } from "../process/clock.ts";
import { gitStamp } from "../git/git_stamp.ts";
import { isTracked, resolveCommit } from "../git/git_objects.ts";
import { type JournalHeader, journalPath, JournalWriter, readJournal } from "../journal/journal.ts";
import { JournalRefusedError, RetryErrorsRefusedError, UsageError } from "../process/refusals.ts";
import { withRunSession } from "../running/run_session.ts";
import type { RunStore } from "../store/store.ts";
import { type LoadedSuite, loadSuite } from "../suite_loader/mod.ts";
import { acquireRunLock, runLockPath } from "../store/run_lock.ts";
import { inputsDigest, sentPrompt, withCaseInputs } from "../../core/run/case_inputs.ts";
import { type Target, TransportError } from "../targets/mod.ts";
import { isRunLabel, RUN_LABEL_LIMIT } from "../../core/run/run_label.ts";

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
  /**
   * Grade this stored run's outputs again under the suite instead of calling the target
   * (`digline rejudge`); judges are asked, the target never is.
   */
  regrade?: RunDocument;
  /**
   * The commit to stamp the run with, when the caller asked git itself (the MCP run worker may
   * not start git, since a program it starts is outside Deno's write permission).
   */
  gitCommit?: string | null;
  /** Run only shard `index` of `count` (1-based) and store it as a partial run for `merge`. */
  shard?: { index: number; count: number };
  /**
   * Re-check pure checks on the approval committed at this git ref, read as compare
   * --baseline-ref reads it, rather than on the store on disk (the tree under test's).
   */
  baselineRef?: string;
  /** `run --label`: a person's name for the run, stored with it (runLabel checked it). */
  label?: string;
  /**
   * `run --retry-errors`: complete this stored run (the suite's latest when absent) by calling
   * again only its cases that errored; every other case's result is reused from it.
   */
  retryErrors?: { run?: RunDocument };
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
  if (options.label !== undefined) refuseBadLabel(options.label);
  if (options.retryErrors !== undefined) refuseRetryWith(options);
  // A ref git does not know, or names twice, is refused before any case is called.
  if (options.baselineRef !== undefined) await resolveCommit(options.baselineRef);
  // git answers while the suite loads rather than after: the stamp was 40-60 ms between the
  // load and the first call. It is awaited however the run ends, so no child outlives it.
  const stamp = options.regrade === undefined && options.gitCommit === undefined
    ? earlyGitStamp(suitePath)
    : undefined;
  try {
    // A shard holds only its own cases: the suite's others are read, checked and digested, then
    // dropped, so its memory follows its cases rather than the suite's (ADR 0076).
    const shard = options.regrade === undefined ? options.shard : undefined;
    const loaded = await loadSuite(
      suitePath,
      shard === undefined ? {} : { keepCase: (id) => shardOf(id, shard.count) === shard.index },
    );
    // Taken before the journal is read: a live run's journal is not an interrupted one.
    const lock = await acquireRunLock(runLockPath(options.store, loaded.suite.name), {
      now: (options.clock ?? systemClock).now(),
    });
    try {
      return await runLoadedSuite(loaded, options, stamp);
    } finally {
      await lock.release();
    }
  } finally {
    await stamp;
  }
}

/** Refuses (64) a label RunLabelSchema would refuse: empty, longer than RUN_LABEL_LIMIT or not one line. */
function refuseBadLabel(label: string): void {
  if (!isRunLabel(label)) {
    throw new UsageError(
      `run: --label ${
        JSON.stringify(label.length > 40 ? `${label.slice(0, 40)}...` : label)
      }: a label is one line of 1 to ${RUN_LABEL_LIMIT} characters`,
    );
  }
}

/** The stamp of the folder the suite will load from, asked now; none when it can not be told. */
function earlyGitStamp(suitePath: string): Promise<string | null> | undefined {
  let dir: string;
  try {
    // The folder loadSuite reads the suite from (resolve reads the working directory).
    dir = dirname(resolve(suitePath));
  } catch {
    return undefined;
  }
  return gitStamp(dir);
}

async function runLoadedSuite(
  loaded: LoadedSuite,
  options: RunSuiteOptions,
  stamp?: Promise<string | null>,
): Promise<RunSuiteResult> {
  const clock = options.clock ?? systemClock;
  const regrade = options.regrade;
  const shard = options.shard;
  if (shard !== undefined && regrade !== undefined) {
    throw new UsageError("rejudge grades a whole run: it takes no --shard");
  }
  const scope: RunScope = regrade !== undefined
    ? { kind: "regrade", run: regrade }
    : shard !== undefined
    ? { kind: "shard", ...shard }
    : { kind: "whole" };
  const { suite, declared } = scopeSuite(loaded.suite, scope);
  // Settled before the journal is read or the target opened: a refusal calls and stores nothing.
  const retry = options.retryErrors === undefined
    ? undefined
    : await retryPlan(loaded, { ...options, retryErrors: options.retryErrors, stamp });
  const workFile = journalPath(options.store, {
    suite: regrade === undefined ? suite.name : `${suite.name}.rejudge-${regrade.run_id}`,
    shard,
  });
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
  const inputs = new Map<string, string>();
  const { header, cases, reuse, baselineRechecks } = await withRunSession(
    { ...loaded, suite },
    async (session) => {
      const startedAt = clock.now();
      const header: JournalHeader = journal?.header ?? {
        journal: 1,
        run_id: newRunId(startedAt),
        suite: suite.name,
        cases_digest: suite.cases_digest,
        config_hash: suite.config_hash,
        started_at: startedAt.toISOString(),
        // A re-grade judges the outputs the re-graded run's code produced, at its commit.
        git_commit: regrade !== undefined
          ? regrade.git_commit
          : options.gitCommit !== undefined
          ? options.gitCommit
          : await (stamp ?? gitStamp(loaded.dir)),
      };
      const writer = journal === null
        ? await JournalWriter.create(workFile, header)
        : await JournalWriter.resume(workFile, journal);
      const reuse = retry?.reuse ?? journal?.entries ?? new Map();
      journal = null;
      const declaredById = new Map(declared.map((c) => [c.id, c]));
      let cases;
      try {
        cases = await session.draw(undefined, {
          reuse,
          onCaseResult: (result) => {
            // Digested as each case finishes, while the workers wait for the target, rather than
            // all at once after the last (about 30 ms at 5,000 cases).
            const testCase = declaredById.get(result.case_id);
            if (testCase !== undefined) inputs.set(result.case_id, inputsDigest(testCase));
            return writer.append(result);
          },
          onCaseDone: options.onProgress,
          signal: options.signal,
        });
      } catch (error) {
        // What finished before the stop is written out for --resume; the stop is what gets said.
        await writer.close().catch(() => {});
        throw error;
      }
      await writer.close();
      // Pure checks re-check the baseline in the session's sandbox, as they graded the cases: a
      // suite's code never runs in this process.
      const baselineRechecks = scope.kind === "whole"
        ? await (await import("./baseline_rechecks.ts")).pureBaselineRechecks(
          { ...suite, assertions: session.checks },
          options,
        )
        : [];
      return { header, cases, reuse, baselineRechecks };
    },
    regrade === undefined ? {} : { target: storedOutputsOnly(regrade.run_id) },
  );
  // The store's code (the run's schemas, the recheck rules) is loaded once the cases are done:
  // none of it is needed before the first call, and loading it cost the load 60-100 ms.
  const { assembleRun } = await import("../../core/run/assemble_run.ts");
  const run = assembleRun(suite, {
    cases: withCaseInputs(cases, declared, {
      known: inputs,
      prompt: regrade === undefined
        ? (result, testCase) => sentPrompt(suite.target, result, testCase)
        : storedPrompts(regrade),
    }),
    record: {
      run_id: header.run_id,
      tenant: options.store.tenant,
      source: loaded.source,
      git_commit: header.git_commit,
      started_at: header.started_at,
      finished_at: clock.now().toISOString(),
      ...(options.label === undefined ? {} : { label: options.label }),
    },
    scope,
    baselineRechecks,
    ...(retry === undefined ? {} : { retriedFrom: retry.from }),
  });
  const path = await options.store.writeRun(run);
  // The run is stored, so the journal has done its work: a work file is not a document.
  await Deno.remove(workFile);
  return { run, path, reused: [...reuse.keys()] };
}

/** A re-grade's prompts: those the graded run sent, for the target it grades was never called. */
function storedPrompts(run: RunDocument): (result: { case_id: string }) => string | undefined {
  const prompts = new Map(run.cases.map((c) => [c.case_id, c.prompt]));
  return (result) => prompts.get(result.case_id);
}

/** What `--retry-errors` contradicts: it completes one whole stored run, from its own start. */
function refuseRetryWith(options: RunSuiteOptions): void {
  const other = options.resume
    ? "--resume"
    : options.restart
    ? "--restart"
    : options.shard !== undefined
    ? "--shard"
    : options.regrade !== undefined
    ? "rejudge"
    : undefined;
  if (other !== undefined) {
    throw new UsageError(`run: --retry-errors completes a stored run; it takes no ${other}`);
  }
}

/**
 * The run `--retry-errors` completes and what it reuses of it: every case without an errored
 * verdict, as that run stored it. Refused when the reused results would not be this suite's: the
 * suite or its rules changed since (its digests), the code under test is at another commit, the
 * run is partial or a re-grade, or nothing in it errored.
 */
async function retryPlan(
  loaded: LoadedSuite,
  options: RunSuiteOptions & {
    retryErrors: { run?: RunDocument };
    stamp?: Promise<string | null>;
  },
): Promise<{ reuse: Map<string, CaseResult>; from: RetriedFrom }> {
  const { suite } = loaded;
  const run = options.retryErrors.run ??
    await options.store.resolveRun("latest", { suite: suite.name });
  const again = `run the suite whole instead (${
    digline(`run ${loaded.source}`, options.store.where)
  })`;
  const refuse = (why: string, todo = again) =>
    new RetryErrorsRefusedError(run.run_id, { why, todo });
  if (run.suite.name !== suite.name) {
    throw refuse(
      `it is a run of suite ${run.suite.name}, and ${loaded.source} is suite ${suite.name}`,
    );
  }
  // Its results would come back as a run this store wrote, and that run would be latest.
  options.store.refuseUnlisted(run, "retried");
  if (run.shard !== undefined) {
    throw refuse(
      `it is shard ${run.shard.index}/${run.shard.count}, a partial run`,
      `merge its shards first (${
        digline(`merge --suite ${suite.name} --latest-shards`, options.store.where)
      })`,
    );
  }
  if (run.rejudged_from !== undefined) {
    throw refuse(`it re-graded run ${run.rejudged_from}'s outputs without calling the target`);
  }
  if (run.suite.cases_digest !== suite.cases_digest) {
    throw refuse(
      `the cases of ${loaded.source} changed since that run (cases ${
        short(run.suite.cases_digest)
      } then, ${short(suite.cases_digest)} now), so its results are not this suite's`,
    );
  }
  if (run.suite.config_hash !== suite.config_hash) {
    throw refuse(
      `the rules of ${loaded.source} changed since that run (config ${
        short(run.suite.config_hash)
      } then, ${short(suite.config_hash)} now), so its verdicts are not this suite's`,
    );
  }
  // The reused results must be this checkout's own: a run document that came with the tree (a
  // pull request can commit one) is not, and can not hold the commit it is committed in.
  const path = relative(
    Deno.cwd(),
    resolve(options.store.runsDir, run.suite.name, `${run.run_id}.json`),
  );
  if (await isTracked(path)) {
    throw refuse(
      `git tracks its document ${path}, so it came with the tree rather than from a run made here`,
    );
  }
  const commit = options.gitCommit !== undefined ? options.gitCommit : await options.stamp;
  if (commit != null && commit !== run.git_commit) {
    throw refuse(
      `it ran the code at ${
        run.git_commit ?? "no recorded commit"
      }, and the code is at ${commit} now, so its answers are not this code's`,
    );
  }
  const errored = run.cases.filter((c) => c.verdicts.some((v) => v.status === "error"));
  if (errored.length === 0) {
    throw refuse(
      "none of its cases errored, so there is nothing to call again",
      `compare it (${digline(`compare ${run.run_id}`, options.store.where)})`,
    );
  }
  const calledAgain = new Set(errored.map((c) => c.case_id));
  return {
    reuse: new Map(
      run.cases.filter((c) => !calledAgain.has(c.case_id)).map((c) => [c.case_id, c]),
    ),
    from: {
      run_id: run.run_id,
      run_digest: runDocumentDigest(run),
      cases: [...calledAgain],
    },
  };
}

function short(digest: string): string {
  return digest.slice(0, 12);
}

/** The target of a re-grade: it is never called; a case without a stored output errors. */
function storedOutputsOnly(runId: string): Target {
  return {
    call(): Promise<string> {
      return Promise.reject(
        new TransportError(
          `run ${runId} has no output for this case, and rejudge never calls the target`,
          { retryable: false },
        ),
      );
    },
    close(): Promise<void> {
      return Promise.resolve();
    },
  };
}
