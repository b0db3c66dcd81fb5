import { decideFailure } from "../host/process/failure.ts";
import { INTERNAL_FAILURE_LINE } from "../host/process/exit_codes.ts";
import type { Io } from "./io.ts";

/**
 * Prints the failure host/process/failure.ts decided and returns its exit code: a refusal or a
 * cancellation is one line; anything else is its traceback and the line that says what it is not.
 */
export function reportFailure(error: unknown, io: Io): number {
  const failure = decideFailure(error);
  if (failure.kind === "unexpected") io.err(`${failure.trace}\n${INTERNAL_FAILURE_LINE}\n`);
  else io.err(`digline: ${failure.message}\n`);
  return failure.exitCode;
}
