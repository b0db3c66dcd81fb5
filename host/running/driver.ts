import { CancelledError } from "../../core/errors.ts";
import type { RunProgress } from "../../core/run/progress.ts";
import type { CaseResult } from "../../core/run/run_document.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { haltableSleep } from "./abortable.ts";
import { deadlines } from "./deadlines.ts";
import { runCase, type RunContext } from "./run_case.ts";
import type { Target } from "../targets/mod.ts";

/** What executeCases needs besides the suite: the target, and the world handed in. */
export interface ExecuteOptions {
  target: Target;
  /** Monotonic milliseconds; injected so tests and the bench control time. Default: performance.now. */
  now?: () => number;
  /** Waits between transport retries. Default: a timer that a cancelled run cuts short. */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for the backoff jitter. Default: Math.random. */
  random?: () => number;
  /** Called after each case finishes (after its onCaseResult has settled). */
  onCaseDone?: (progress: RunProgress) => void;
  /** Cancels the whole run: in-flight calls are aborted and executeCases throws RunCancelledError. */
  signal?: AbortSignal;
  /** Results already journaled (a resume): returned as they are, and their targets not called. */
  reuse?: ReadonlyMap<string, CaseResult>;
  /**
   * Called as each case finishes, before onCaseDone, for a journal. What it does before it
   * returns is done before the worker asks its next case; the worker asks while the promise it
   * returns settles, and waits for it before reporting another (one pending per worker), and
   * executeCases returns only once every one has settled. A journal that must lose no more than
   * the calls in flight to a kill writes its line before returning (host/journal/journal.ts). A throw or
   * a rejection stops the run and executeCases rethrows it.
   */
  onCaseResult?: (result: CaseResult) => void | Promise<void>;
}

/** The run was cancelled through ExecuteOptions.signal; finished cases were already reported. */
export class RunCancelledError extends CancelledError {
  readonly done: number;
  readonly total: number;
  constructor(progress: { done: number; total: number }, options?: ErrorOptions) {
    super(`The run was cancelled after ${progress.done} of ${progress.total} cases`, options);
    this.done = progress.done;
    this.total = progress.total;
  }
}

/**
 * Runs every declared case exactly once through the target, at most `settings.concurrency` at a
 * time, and returns one CaseResult per case in the suite's declared order. A target that still
 * fails after its retries gives errored verdicts, never a missing case. Anything other than a
 * TransportError out of the target (a TargetShapeError, a defect) stops the run and is rethrown.
 */
export async function executeCases(suite: Suite, options: ExecuteOptions): Promise<CaseResult[]> {
  const total = suite.cases.length;
  const results: (CaseResult | undefined)[] = new Array(total);
  let done = 0;
  let errored = 0;
  let pending = 0;
  suite.cases.forEach((testCase, index) => {
    const reused = options.reuse?.get(testCase.id);
    if (reused === undefined) {
      pending++;
      return;
    }
    results[index] = reused;
    done++;
    if (hasError(reused)) errored++;
  });

  const outer = options.signal;
  if (outer?.aborted) throw new RunCancelledError({ done, total }, { cause: outer.reason });
  const halt = new AbortController();
  let fatal: { error: unknown } | undefined;
  const cancel = () => halt.abort(new RunCancelledError({ done, total }, { cause: outer?.reason }));
  outer?.addEventListener("abort", cancel, { once: true });

  const context: RunContext = {
    suite,
    target: options.target,
    now: options.now ?? (() => performance.now()),
    sleep: options.sleep ?? ((ms) => haltableSleep(ms, halt.signal)),
    random: options.random ?? Math.random,
    halt: halt.signal,
    deadlines: deadlines(suite.settings.timeout_ms),
  };
  // One listener for the run rather than one per attempt: attempts are many, halts are one.
  halt.signal.addEventListener("abort", () => context.deadlines.abortAll(halt.signal.reason), {
    once: true,
  });
  let next = 0;

  function stop(error: unknown): void {
    // The first failure wins; what the other workers throw while stopping is its echo.
    if (halt.signal.aborted) return;
    fatal = { error };
    halt.abort(error);
  }

  // Reports a finished case, then counts it; never rejects (a failure stops the run instead).
  async function report(result: CaseResult, caseId: string): Promise<void> {
    try {
      if (options.onCaseResult !== undefined) await options.onCaseResult(result);
    } catch (error) {
      stop(error);
      return;
    }
    done++;
    if (hasError(result)) errored++;
    options.onCaseDone?.({ done, total, errored, caseId });
  }

  // A pool of workers pulling the next index keeps memory flat however many cases there are:
  // only `concurrency` calls are ever pending.
  async function work(): Promise<void> {
    // This worker's last report, written while its next case is asked. Waiting for it before
    // asking put a journal write and every other worker's bookkeeping between one call and the
    // next, about 3 ms a round at 64 workers; a worker still waits for its previous report
    // before making another, so at most one report per worker is ever pending.
    let reporting: Promise<void> | undefined;
    try {
      while (!halt.signal.aborted) {
        while (next < total && results[next] !== undefined) next++;
        if (next >= total) return;
        const index = next++;
        const testCase = suite.cases[index];
        const result = await runCase(testCase, context);
        results[index] = result;
        await reporting;
        if (halt.signal.aborted) return;
        reporting = report(result, testCase.id);
      }
    } catch (error) {
      stop(error);
    } finally {
      await reporting;
    }
  }

  try {
    const workers = Math.min(suite.settings.concurrency, pending);
    await Promise.all(Array.from({ length: workers }, work));
  } finally {
    outer?.removeEventListener("abort", cancel);
    context.deadlines.close();
  }
  if (fatal !== undefined) throw fatal.error;
  if (outer?.aborted) throw new RunCancelledError({ done, total }, { cause: outer.reason });
  const missing = results.findIndex((r) => r === undefined);
  if (missing !== -1) {
    throw new Error(`Driver defect: case "${suite.cases[missing].id}" got no result`);
  }
  return results as CaseResult[];
}

function hasError(result: CaseResult): boolean {
  return result.verdicts.some((v) => v.status === "error");
}
