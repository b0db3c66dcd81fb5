import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import type { Case } from "../../core/suite/case.ts";
import { checksAskedOf } from "../../core/suite/dispatch.ts";
import { reduceVerdicts, reductionOf } from "../../core/model/reduction.ts";
import { MAX_RETRY_AFTER_MS, retryDelay } from "../../core/model/retry_after.ts";
import type { Sample } from "../../core/model/sample.ts";
import type { ModelMeter, ModelUsage } from "../../core/model/usage.ts";
import { addCall, sortUsage } from "../../core/model/usage_sums.ts";
import { caseIdentity, unaskedCaseResult } from "../../core/run/case_skeleton.ts";
import type { CaseResult } from "../../core/run/run_document.ts";
import type { Suite } from "../../core/suite/suite.ts";
import type { Verdict } from "../../core/verdict.ts";
import { untilAborted } from "./abortable.ts";
import type { Deadlines } from "./deadlines.ts";
import { type Target, TransportError } from "../targets/mod.ts";
import { erroredVerdict, judgeOutput } from "./verdicts.ts";

/** The context every case of one run shares. */
export interface RunContext {
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
 * Asks one case of the target (every draw its repeats ask for, each with its retries) and runs
 * its checks on what came back. A suspended case is recorded without asking anything.
 */
export async function runCase(testCase: Case, context: RunContext): Promise<CaseResult> {
  const asked = checksAskedOf(testCase, context.suite.assertions);
  if (testCase.kind === "suspended") {
    return {
      ...unaskedCaseResult(testCase),
      ...(testCase.reason === undefined ? {} : { suspended_reason: testCase.reason }),
    };
  }
  // What a case holds while it waits for the target is held 64 times over and outlives a
  // young-generation collection, so its list of usage and its set of notes are made only
  // when something is put in them.
  let usage: ModelUsage[] | undefined;
  const meter: ModelMeter = (call) => addCall(usage ??= [], call);
  const drawing: DrawOptions = { asked, context, meter };
  const repeats = testCase.repeats ?? context.suite.settings.repeats;
  const samples: Sample[] = [];
  for (let draw = 0; draw < repeats; draw++) {
    // The target is awaited here, not in a function of its own: each async frame a call waits
    // in is held by every call in flight, long enough to be promoted to the old generation.
    // A calibration case with a fixed output checks the instrument alone: the target is not asked.
    const answer: Answer = testCase.output !== undefined
      ? fixedAnswer(testCase.output)
      : await callWithRetries(testCase, drawing.context, meter);
    samples.push(await sampleOf(testCase, drawing, answer));
  }
  // Made at the first note, so never empty.
  const notes = drawing.notes;
  if (samples.length === 1 && usage === undefined && notes === undefined) {
    const [sample] = samples;
    // The usual result written out: a run keeps every one until it is stored, and the spreads
    // below make an object for each part and leave the result with its properties out of line.
    // The keys are in the order the spreads give, the order the run is written in.
    if (
      testCase.group === undefined && testCase.label === undefined &&
      testCase.kind !== "calibration" && sample.output !== undefined &&
      sample.transport_error === undefined && sample.refused === undefined
    ) {
      return {
        case_id: testCase.id,
        kind: testCase.kind,
        output: sample.output,
        verdicts: sample.verdicts,
        latency_ms: sample.latency_ms,
        attempts: sample.attempts,
      };
    }
  }
  const metered = {
    ...(usage === undefined ? {} : { usage: sortUsage(usage) }),
    ...(notes === undefined ? {} : { output_notes: [...notes] }),
  };
  if (samples.length === 1) return { ...caseIdentity(testCase), ...samples[0], ...metered };
  const answered = samples.find((s) => s.output !== undefined);
  const latency = samples.reduce((total, s) => total + s.latency_ms, 0);
  return {
    ...caseIdentity(testCase),
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

/** What each draw of one case shares. */
interface DrawOptions {
  asked: readonly Assertion[];
  context: RunContext;
  meter: ModelMeter;
  /** Receives what the answered draw's output was changed by as it was read (made at the first). */
  notes?: Set<string>;
}

/** What a calibration case's fixed output is taken as: an answer no call was made for. */
function fixedAnswer(output: string): Answer {
  return { ok: true, output, refused: false, notes: NO_NOTES, attempts: 0, latency: 0 };
}

/** One draw of a case: its checks run on what the target answered. */
async function sampleOf(testCase: Case, options: DrawOptions, answer: Answer): Promise<Sample> {
  const { asked, context, meter } = options;
  if (answer.ok) { for (const note of answer.notes) (options.notes ??= new Set()).add(note); }
  const latency_ms = Math.max(0, Math.round(answer.latency * 10) / 10);
  if (!answer.ok) {
    return {
      verdicts: transportVerdicts(asked, answer),
      latency_ms,
      attempts: answer.attempts,
      transport_error: answer.error.message,
    };
  }
  const judged = await judgeOutput(asked, {
    output: answer.output,
    testCase,
    signal: context.halt,
    meter,
  });
  // A check judged text the system did not send byte for byte (bytes that were not UTF-8, read
  // as U+FFFD): each verdict's reason says so, where a person reads why it passed or failed.
  const verdicts = answer.notes.length === 0 ? judged : judged.map((verdict) => ({
    ...verdict,
    reason: [verdict.reason, ...answer.notes.map((note) => `note: ${note}`)]
      .filter((part) => part !== undefined && part !== "").join("; "),
  }));
  // A check cut short by a stopping run (a judge mid-call) answered nothing worth keeping.
  if (context.halt.aborted) throw context.halt.reason;
  return answer.refused
    ? { output: answer.output, verdicts, latency_ms, attempts: answer.attempts, refused: true }
    : { output: answer.output, verdicts, latency_ms, attempts: answer.attempts };
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
  | {
    ok: true;
    output: string;
    refused: boolean;
    notes: readonly string[];
    attempts: number;
    latency: number;
  }
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
      // Awaited here rather than in a function of its own: each async frame a call waits in is
      // held by every call in flight, long enough to be promoted to the old generation.
      const attempt = new AbortController();
      context.deadlines.watch(attempt);
      const said: Said = { refused: false };
      try {
        const output: unknown = await askOnce(testCase, context, {
          signal: attempt.signal,
          attempt: attempts,
          meter,
          said,
        });
        if (typeof output !== "string") {
          throw new TransportError(`the target answered with ${typeof output}, not text`);
        }
        const { refused } = said;
        const notes = said.notes ?? NO_NOTES;
        return { ok: true, output, refused, notes, attempts, latency: context.now() - started };
      } finally {
        context.deadlines.release(attempt);
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

/** An answer's notes when its output was read unchanged: one list for every such answer. */
const NO_NOTES: readonly string[] = Object.freeze([]);

/** What the target said of its answer while it answered. */
interface Said {
  refused: boolean;
  notes?: string[];
}

/**
 * Calls the target once, its answer raced against the attempt's signal unless the target
 * settles on it.
 */
function askOnce(
  testCase: Case,
  context: RunContext,
  options: { signal: AbortSignal; attempt: number; meter: ModelMeter; said: Said },
): Promise<unknown> {
  const { signal, said } = options;
  let call: Promise<string>;
  try {
    call = Promise.resolve(context.target.call(testCase.vars, {
      signal,
      attempt: options.attempt,
      meter: options.meter,
      onRefusal: () => {
        said.refused = true;
      },
      onOutputNote: (note) => (said.notes ??= []).push(note),
    }));
  } catch (error) {
    call = Promise.reject(error);
  }
  // Race the signal too: a target that ignores its signal must not hold a worker past the
  // timeout. One that settles on its own is not raced: the race's promise and listener are
  // held by every call in flight across its wait, long enough to be promoted.
  return context.target.settlesOnAbort === true ? call : untilAborted(call, signal);
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
