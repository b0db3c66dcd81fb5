/**
 * The one failure rule: what a front end answers for an error that reached it. The exit code is
 * a property of the error (core/errors.ts): a RefusalError carries 64, a CancelledError 130, and
 * anything else, digline's own or not, is a failure nobody anticipated and exits 70. The CLI, the
 * MCP server and the operator only render this decision, so they can not drift apart.
 *
 * @module
 */
import { DiglineError, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_REFUSED } from "../../core/errors.ts";
import { PermissionRefusedError } from "./refusals.ts";

/** What kind of failure it is: refused (64), cancelled (130) or unexpected (70). */
export type FailureKind = "refused" | "cancelled" | "unexpected";

/** How a front end answers one error: the exit code and what to print or return. */
export interface FailureDecision {
  exitCode: typeof EXIT_REFUSED | typeof EXIT_INTERNAL | typeof EXIT_INTERRUPTED;
  kind: FailureKind;
  /** The error's class, such as RunNotFoundError. */
  type: string;
  /** For a refusal or a cancellation, the one line a user reads. */
  message: string;
  /** Unexpected failures only: the stack trace, for whoever fixes digline. */
  trace?: string;
  /** Refusals only, when they carry any: their own fields in snake_case, as JSON. */
  fields?: Record<string, unknown>;
}

/** Decides the exit code and the words for an error that reached a front end. */
export function decideFailure(error: unknown): FailureDecision {
  // Deno raises NotCapable itself, so it can not extend RefusalError; it is the one translation.
  const failure = error instanceof Deno.errors.NotCapable
    ? PermissionRefusedError.fromNotCapable(error)
    : error;
  const exitCode = failure instanceof DiglineError ? failure.exitCode : EXIT_INTERNAL;
  if (exitCode === EXIT_REFUSED) {
    const refusal = failure as DiglineError;
    const fields = ownFields(refusal);
    return {
      exitCode: EXIT_REFUSED,
      kind: "refused",
      type: refusal.name,
      message: refusal.message,
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
    };
  }
  if (exitCode === EXIT_INTERRUPTED) {
    const cancel = failure as DiglineError;
    return {
      exitCode: EXIT_INTERRUPTED,
      kind: "cancelled",
      type: cancel.name,
      message: cancel.message,
    };
  }
  const thrown = failure instanceof Error ? failure : undefined;
  return {
    exitCode: EXIT_INTERNAL,
    kind: "unexpected",
    type: thrown?.name ?? "Error",
    message: thrown?.message ?? String(failure),
    trace: thrown === undefined
      ? String(failure)
      : (thrown.stack ?? `${thrown.name}: ${thrown.message}`),
  };
}

/**
 * A refusal's own fields (file, line, run, issues, ...) in snake_case, as JSON: the refusal
 * classes carry what a user needs, and an agent can act on a field without parsing the sentence.
 */
function ownFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (
      key === "cause" || key === "name" || key === "exitCode" || value === undefined ||
      typeof value === "function"
    ) {
      continue;
    }
    fields[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = JSON.parse(JSON.stringify(value));
  }
  return fields;
}
