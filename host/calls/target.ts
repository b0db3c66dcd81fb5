import { DiglineError, RefusalError } from "../../core/errors.ts";
import type { JsonObject } from "../../core/json.ts";
import type { ModelMeter } from "../../core/model/usage.ts";

/** What the driver hands a target on each call. */
export interface CallOptions {
  /** Aborted on a timeout or a cancelled run; its reason says which. */
  signal: AbortSignal;
  /** Which attempt of this case this is: 1, then 2 for the first retry, and so on. */
  attempt?: number;
  /** Receives each model call the target makes, so the case can record what it cost. */
  meter?: ModelMeter;
  /** Called by a model target whose model declined to answer; the output is what it said. */
  onRefusal?: () => void;
  /** Called when the target's output was changed as it was read (bytes that were not UTF-8). */
  onOutputNote?: (note: string) => void;
}

/** A system under test, opened from a TargetSpec and called once per case attempt. */
export interface Target {
  /** Calls the system under test once; throws TransportError on a transport failure. */
  call(vars: JsonObject, options: CallOptions): Promise<string>;
  /**
   * Loads what the target needs before a run is journaled (a module's export), so a target
   * that can not be called is refused before the store changes.
   */
  open?(): Promise<void>;
  /** Releases whatever the target holds (live processes); safe to call twice. */
  close(): Promise<void>;
  /**
   * Waits until the target may be called (a client-side rate limit), before the attempt's
   * timeout starts: time spent queueing is not time the target took to answer.
   */
  ready?(vars: JsonObject, options: { signal: AbortSignal }): Promise<void>;
  /**
   * True when a call's promise settles (rejects) as soon as its signal aborts, with the signal's
   * TransportError reason as it is: the driver then need not race the call against the signal.
   */
  readonly settlesOnAbort?: boolean;
}

/** How the driver should treat a TransportError beyond retrying it. */
export interface TransportErrorOptions extends ErrorOptions {
  /** False when trying again can not help (a 401, a malformed request); true by default. */
  retryable?: boolean;
  /** How long the other side asked to wait before the next try (Retry-After). */
  retryAfterMs?: number;
  /** The call was never made (an open circuit), so it is not counted as an attempt. */
  skipped?: boolean;
}

/**
 * The target gave no usable answer (a crash, a non-2xx status, a timeout). The driver retries
 * these, and only these; the message is the reason a user reads.
 */
export class TransportError extends DiglineError {
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly skipped: boolean;
  constructor(message: string, options: TransportErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? true;
    this.retryAfterMs = options.retryAfterMs;
    this.skipped = options.skipped ?? false;
  }
}

/**
 * A target that can not be used as declared: a module that does not load, or whose export is
 * missing or not a function. A refusal of the suite, not a failure of one case.
 */
export class TargetShapeError extends RefusalError {
  readonly module: string;
  readonly export: string;
  constructor(message: string, options: { module: string; export: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.module = options.module;
    this.export = options.export;
  }
}
