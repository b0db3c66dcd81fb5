import { isRefusal, PermissionRefusedError } from "../host/refusals.ts";
import { RunCancelledError } from "../host/driver.ts";
import {
  EXIT_INTERNAL,
  EXIT_INTERRUPTED,
  EXIT_REFUSED,
  INTERNAL_FAILURE_LINE,
} from "../host/exit_codes.ts";
import type { Io } from "./io.ts";

/**
 * The one place an error becomes an exit code and printed text: a refusal is one line and 64;
 * anything else is its traceback, the line that says what it is not, and 70.
 */
export function reportFailure(error: unknown, io: Io): number {
  if (error instanceof Deno.errors.NotCapable) {
    const refusal = PermissionRefusedError.fromNotCapable(error);
    io.err(`digline: ${refusal.message}\n`);
    return EXIT_REFUSED;
  }
  if (error instanceof RunCancelledError) {
    io.err(`digline: ${error.message}\n`);
    return EXIT_INTERRUPTED;
  }
  if (isRefusal(error)) {
    io.err(`digline: ${(error as Error).message}\n`);
    return EXIT_REFUSED;
  }
  const trace = error instanceof Error ? (error.stack ?? String(error)) : String(error);
  io.err(`${trace}\n${INTERNAL_FAILURE_LINE}\n`);
  return EXIT_INTERNAL;
}
