/**
 * The exit codes a front end produces beyond the gate's 0, 1 and 2. Each is carried by the error
 * that causes it (core/errors.ts) and read in one place, host/process/failure.ts.
 *
 * @module
 */
export { EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_REFUSED } from "../../core/errors.ts";

/** The line printed under the traceback of a failure nobody anticipated. */
export const INTERNAL_FAILURE_LINE =
  "digline: the failure above was not anticipated. It is not a verdict on the suite (exit 70).";
