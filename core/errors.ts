/**
 * The errors digline raises on purpose, and the exit code each carries. A front end never
 * decides the code itself: it reads it from the error (see host/process/failure.ts), so a new refusal
 * is a new subclass of RefusalError and nothing else.
 *
 * @module
 */

/** Exit code of a refusal: the request, a file or a permission was wrong (BSD EX_USAGE). */
export const EXIT_REFUSED = 64;
/** Exit code of a failure digline did not anticipate (BSD sysexits EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;
/** Exit code of work the user cancelled (Ctrl-C), by the shell's convention. */
export const EXIT_INTERRUPTED = 130;

/**
 * The base of every error digline raises on purpose; unless a subclass says otherwise, 70.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { DiglineError } from "../mod.ts";
 * class SurpriseError extends DiglineError {}
 * const error = new SurpriseError("Cannot go on: the index is torn");
 * assertEquals([error.name, error.exitCode], ["SurpriseError", 70]);
 * ```
 */
export class DiglineError extends Error {
  /** The exit code a front end answers this error with. */
  readonly exitCode: number = EXIT_INTERNAL;
  /** An error whose message is the sentence a user reads; its name is its class's. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * A deliberate refusal: the user's request, suite, file or permissions are wrong, and the message
 * is the one line that says what to do. Every refusal extends this class; nothing else exits 64.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { AssertionShapeError, RefusalError } from "../mod.ts";
 * const error = new AssertionShapeError('Assertion "x" is malformed: no check');
 * assertEquals([error instanceof RefusalError, error.exitCode], [true, 64]);
 * ```
 */
export class RefusalError extends DiglineError {
  /** Always 64: the request was refused, nothing was judged. */
  override readonly exitCode: number = EXIT_REFUSED;
}

/** Work the user cancelled; the message says how far it got. */
export class CancelledError extends DiglineError {
  /** Always 130, the shell's code for an interrupted program. */
  override readonly exitCode: number = EXIT_INTERRUPTED;
}

/**
 * A suite that is not well formed, found while checking its parts against each other.
 * `path` is the key path inside the suite (["cases", 3, "id"]), so a loader can name the line.
 */
export class SuiteShapeError extends DiglineError {
  readonly path: (string | number)[];
  constructor(message: string, path: (string | number)[]) {
    super(message);
    this.path = path;
  }
}

/**
 * A custom assertion that is not well formed; refused when the suite loads, never at run time.
 *
 * @example
 * ```ts
 * import { throws } from "node:assert/strict";
 * import { AssertionShapeError, custom } from "../mod.ts";
 * throws(
 *   () => custom({ name: "has space", check: () => true }),
 *   AssertionShapeError,
 * );
 * ```
 */
export class AssertionShapeError extends RefusalError {}
