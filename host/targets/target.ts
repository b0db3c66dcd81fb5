import { DiglineError } from "../../core/errors.ts";
import type { JsonObject } from "../../core/json.ts";

/** What the driver hands a target on each call. */
export interface CallOptions {
  /** Aborted on a timeout or a cancelled run; its reason says which. */
  signal: AbortSignal;
}

/** A system under test, opened from a TargetSpec and called once per case attempt. */
export interface Target {
  /** Calls the system under test once; throws TransportError on a transport failure. */
  call(vars: JsonObject, options: CallOptions): Promise<string>;
  /** Releases whatever the target holds (live processes); safe to call twice. */
  close(): Promise<void>;
}

/**
 * The target gave no usable answer (a crash, a non-2xx status, a timeout). The driver retries
 * these, and only these; the message is the reason a user reads.
 */
export class TransportError extends DiglineError {}

/**
 * A target that can not be used as declared: a module that does not load, or whose export is
 * missing or not a function. A refusal of the suite, not a failure of one case.
 */
export class TargetShapeError extends DiglineError {
  readonly module: string;
  readonly export: string;
  constructor(message: string, options: { module: string; export: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.module = options.module;
    this.export = options.export;
  }
}
