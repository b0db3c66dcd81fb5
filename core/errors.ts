/** The base of every error digline raises on purpose. */
export class DiglineError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
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
export class AssertionShapeError extends TypeError {
  /** The message names the assertion and what to fix. */
  constructor(message: string) {
    super(message);
    this.name = "AssertionShapeError";
  }
}
