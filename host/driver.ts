import type { Assertion } from "../core/suite/assertions/assertion.ts";
import type { Case } from "../core/suite/case.ts";
import { checksAskedOf } from "../core/suite/dispatch.ts";
import { CancelledError } from "../core/errors.ts";
import type { RunProgress } from "../core/run/progress.ts";
import { reduceVerdicts, reductionOf } from "../core/model/reduce.ts";
import { MAX_RETRY_AFTER_MS, retryDelay } from "../core/model/retry_after.ts";
import type { Sample } from "../core/model/sample.ts";
import { addCall, type ModelMeter, type ModelUsage, sortUsage } from "../core/model/usage.ts";
import type { CaseResult } from "../core/run/run_document.ts";
import type { Suite } from "../core/suite/suite.ts";
import type { Verdict } from "../core/run/verdict.ts";
import { type Target, TransportError } from "./targets/mod.ts";
import { erroredVerdict, judgeOutput } from "./verdicts.ts";

/** What executeCases needs besides the suite: the target, and the world handed in. */
export interface ExecuteOptions {
  target: Target;
  /** Monotonic milliseconds; injected so tests and the bench control time. Default: performance.now. */
  now?: () => number;
  /** Waits between transport retries. Default: a timer that a cancelled run cuts short. */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for the backoff jitter. Default: Math.random. */
  random?: () => number;
  /** Called after each case finishes (after onCaseResult has settled). */
  onCaseDone?: (progress: RunProgress) => void;
  /** Cancels the whole run: in-flight calls are aborted and executeCases throws RunCancelledError. */
  signal?: AbortSignal;
  /** Results already journaled (a resume): returned as they are, and their targets not called. */
  reuse?: ReadonlyMap<string, CaseResult>;
  /**
   * Called as each case finishes, before onCaseDone, for a journal; the worker waits for it
   * before taking its next case. Calls overlap (one per worker at most), so a journal can join
   * the lines that arrive together into one write; a throw stops the run and executeCases
   * rethrows it.
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

/** The context every case of one run shares. */
interface RunContext {
  suite: Suite;
  target: Target;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Aborted when the run stops early: cancelled, or a fatal error in some worker. */
  halt: AbortSignal;
  deadlines: Deadlines;
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

  // A pool of workers pulling the next index keeps memory flat however many cases there are:
  // only `concurrency` calls are ever pending.
  async function work(): Promise<void> {
    try {
      while (!halt.signal.aborted) {
        while (next < total && results[next] !== undefined) next++;
        if (next >= total) return;
        const index = next++;
        const testCase = suite.cases[index];
        const result = await runCase(testCase, context);
        results[index] = result;
        if (options.onCaseResult !== undefined) await options.onCaseResult(result);
        done++;
        if (hasError(result)) errored++;
        options.onCaseDone?.({ done, total, errored, caseId: testCase.id });
      }
    } catch (error) {
      // The first failure wins; what the other workers throw while stopping is its echo.
      if (halt.signal.aborted) return;
      fatal = { error };
      halt.abort(error);
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

async function runCase(testCase: Case, context: RunContext): Promise<CaseResult> {
  const asked = checksAskedOf(testCase, context.suite.assertions);
  if (testCase.kind === "suspended") {
    return {
      ...describeCase(testCase),
      verdicts: [],
      latency_ms: 0,
      attempts: 0,
      ...(testCase.reason === undefined ? {} : { suspended_reason: testCase.reason }),
    };
  }
  const usage: ModelUsage[] = [];
  const meter: ModelMeter = (call) => addCall(usage, call);
  const repeats = testCase.repeats ?? context.suite.settings.repeats;
  const samples: Sample[] = [];
  for (let draw = 0; draw < repeats; draw++) {
    samples.push(await drawSample(testCase, { asked, context, meter }));
  }
  const metered = usage.length === 0 ? {} : { usage: sortUsage(usage) };
  if (samples.length === 1) return { ...describeCase(testCase), ...samples[0], ...metered };
  const answered = samples.find((s) => s.output !== undefined);
  const latency = samples.reduce((total, s) => total + s.latency_ms, 0);
  return {
    ...describeCase(testCase),
    ...(answered === undefined ? {} : { output: answered.output }),
    verdicts: reduceSamples(asked, samples),
    latency_ms: Math.round(latency * 10) / 10,
    attempts: samples.reduce((total, s) => total + s.attempts, 0),
    ...(answered === undefined ? { transport_error: samples[0].transport_error } : {}),
    ...(answered?.refused ? { refused: true as const } : {}),
    samples,
    ...metered,
  };
}

/** Asks the target once (with its retries) and runs every asked check on what came back. */
async function drawSample(
  testCase: Case,
  options: { asked: readonly Assertion[]; context: RunContext; meter: ModelMeter },
): Promise<Sample> {
  const { asked, context, meter } = options;
  // A calibration case with a fixed output checks the instrument alone: the target is not asked.
  const answer: Answer = testCase.output !== undefined
    ? { ok: true, output: testCase.output, refused: false, attempts: 0, latency: 0 }
    : await callWithRetries(testCase, context, meter);
  const latency_ms = Math.max(0, Math.round(answer.latency * 10) / 10);
  if (!answer.ok) {
    return {
      verdicts: transportVerdicts(asked, answer),
      latency_ms,
      attempts: answer.attempts,
      transport_error: answer.error.message,
    };
  }
  const verdicts = await judgeOutput(asked, {
    output: answer.output,
    testCase,
    signal: context.halt,
    meter,
  });
  // A check cut short by a stopping run (a judge mid-call) answered nothing worth keeping.
  if (context.halt.aborted) throw context.halt.reason;
  return {
    output: answer.output,
    verdicts,
    latency_ms,
    attempts: answer.attempts,
    ...(answer.refused ? { refused: true as const } : {}),
  };
}

/**
 * Each asked check's verdicts over the samples, reduced to one by the check's `reduce`. A check
 * no sample answered gets no verdict, so reconcile names the gap; one some samples answered
 * and others did not (or answered twice) can not be reduced and is errored, naming the sample.
 */
function reduceSamples(asked: readonly Assertion[], samples: readonly Sample[]): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const assertion of asked) {
    const per = samples.map((s) => s.verdicts.filter((v) => v.assertion_id === assertion.id));
    if (per.every((list) => list.length === 0)) continue;
    const odd = per.findIndex((list) => list.length !== 1);
    if (odd !== -1) {
      const gave = per[odd].length === 0 ? "no verdict" : `${per[odd].length} verdicts`;
      verdicts.push(erroredVerdict(assertion, {
        reason: `sample ${odd + 1} of ${samples.length} gave ${gave} for check ` +
          `"${assertion.name}", so its samples can not be reduced`,
        metadata: { unreducible: true },
      }));
      continue;
    }
    verdicts.push(reduceVerdicts(per.map((list) => list[0]), reductionOf(assertion.definition)));
  }
  return verdicts;
}

type Answer =
  | { ok: true; output: string; refused: boolean; attempts: number; latency: number }
  | { ok: false; error: TransportError; attempts: number; latency: number };

async function callWithRetries(
  testCase: Case,
  context: RunContext,
  meter: ModelMeter,
): Promise<Answer> {
  const { retries, backoff_ms } = context.suite.settings;
  let attempts = 0;
  for (;;) {
    if (context.halt.aborted) throw context.halt.reason;
    let failure: TransportError;
    let latency = 0;
    let called = false;
    try {
      // Waiting for a rate limit happens before the attempt's clock starts.
      const ready = context.target.ready?.(testCase.vars, { signal: context.halt });
      if (ready !== undefined) await untilAborted(ready, context.halt);
      attempts++;
      called = true;
      const started = context.now();
      try {
        const reply = await callOnce(testCase, context, { attempt: attempts, meter });
        return { ok: true, ...reply, attempts, latency: context.now() - started };
      } finally {
        latency = context.now() - started;
      }
    } catch (error) {
      if (context.halt.aborted) throw context.halt.reason;
      if (!(error instanceof TransportError)) throw error;
      failure = error;
    }
    // A call the target declined to make (an open circuit) is not an attempt.
    if (failure.skipped && called) attempts--;
    if (failure.skipped || !failure.retryable || attempts > retries) {
      return { ok: false, error: failure, attempts, latency };
    }
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > MAX_RETRY_AFTER_MS) {
      const seconds = Math.round(failure.retryAfterMs / 1000);
      const error = new TransportError(
        `${failure.message} (it asked to wait ${seconds} s, longer than the ${
          MAX_RETRY_AFTER_MS / 1000
        } s digline waits)`,
      );
      return { ok: false, error, attempts, latency };
    }
    // Jitter spreads retries out, so a target that fell over is not hit by all workers at once;
    // a Retry-After is a floor, since the other side said when it can answer again.
    const delay = retryDelay(attempts, {
      backoffMs: backoff_ms,
      random: backoff_ms > 0 ? context.random() : 0,
      ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
    });
    if (delay > 0) await untilAborted(context.sleep(delay), context.halt);
  }
}

async function callOnce(
  testCase: Case,
  context: RunContext,
  options: { attempt: number; meter: ModelMeter },
): Promise<{ output: string; refused: boolean }> {
  const attempt = new AbortController();
  const release = context.deadlines.watch(attempt);
  let refused = false;
  try {
    let call: Promise<string>;
    try {
      call = Promise.resolve(context.target.call(testCase.vars, {
        signal: attempt.signal,
        attempt: options.attempt,
        meter: options.meter,
        onRefusal: () => {
          refused = true;
        },
      }));
    } catch (error) {
      call = Promise.reject(error);
    }
    // Race the signal too: a target that ignores its signal must not hold a worker past the timeout.
    const output: unknown = await untilAborted(call, attempt.signal);
    if (typeof output !== "string") {
      throw new TransportError(`the target answered with ${typeof output}, not text`);
    }
    return { output, refused };
  } finally {
    release();
  }
}

/** Aborts attempts that outlive the timeout, with one timer for the whole run. */
interface Deadlines {
  /** Starts the clock on an attempt; call the returned function when the attempt settles. */
  watch(attempt: AbortController): () => void;
  /** Aborts every attempt in flight with `reason`: the run is stopping. */
  abortAll(reason: unknown): void;
  /** Clears the timer; nothing is watched after the run. */
  close(): void;
}

/**
 * A timer per attempt costs more than the rest of a fast case's bookkeeping. Every attempt has
 * the same timeout, so deadlines fall due in the order attempts began: a Set (which iterates in
 * insertion order) is a queue, and one timer armed for its oldest entry serves them all.
 */
function deadlines(timeoutMs: number): Deadlines {
  const watched = new Set<{ due: number; attempt: AbortController }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  function arm(): void {
    const oldest = watched.values().next();
    if (timer !== undefined || oldest.done) return;
    timer = setTimeout(expire, Math.max(0, oldest.value.due - performance.now()));
  }
  function expire(): void {
    timer = undefined;
    const now = performance.now();
    for (const entry of watched) {
      if (entry.due > now) break;
      watched.delete(entry);
      entry.attempt.abort(new TransportError(`timed out after ${timeoutMs} ms`));
    }
    arm();
  }
  function close(): void {
    clearTimeout(timer);
    timer = undefined;
    watched.clear();
  }
  return {
    watch(attempt) {
      const entry = { due: performance.now() + timeoutMs, attempt };
      watched.add(entry);
      arm();
      return () => {
        watched.delete(entry);
        // An idle run must not keep a timer alive (it would hold the process open).
        if (watched.size === 0) close();
      };
    },
    abortAll(reason) {
      for (const entry of [...watched]) entry.attempt.abort(reason);
    },
    close,
  };
}

function transportVerdicts(
  asked: readonly Assertion[],
  answer: { error: TransportError; attempts: number },
): CaseResult["verdicts"] {
  const plural = answer.attempts === 1 ? "attempt" : "attempts";
  const reason = `the target failed after ${answer.attempts} ${plural}: ${answer.error.message}`;
  return asked.map((assertion) =>
    erroredVerdict(assertion, { reason, metadata: { transport: true } })
  );
}

function describeCase(
  testCase: Case,
): Pick<CaseResult, "case_id" | "kind" | "group" | "label" | "expected_verdict"> {
  return {
    case_id: testCase.id,
    kind: testCase.kind,
    ...(testCase.group === undefined ? {} : { group: testCase.group }),
    ...(testCase.label === undefined ? {} : { label: testCase.label }),
    ...(testCase.kind !== "calibration" || testCase.expected_verdict === undefined
      ? {}
      : { expected_verdict: testCase.expected_verdict }),
  };
}

function hasError(result: CaseResult): boolean {
  return result.verdicts.some((v) => v.status === "error");
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function haltableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // Resolving (not rejecting) on abort is enough: the caller races the same signal.
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
