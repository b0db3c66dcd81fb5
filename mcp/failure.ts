import { RunCancelledError } from "../host/driver.ts";
import { isRefusal, PermissionRefusedError } from "../host/refusals.ts";
import { EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_REFUSED } from "../host/exit_codes.ts";
import type { Envelope } from "./envelope.ts";

/**
 * The MCP server's one place where an error becomes an exit code, by the CLI's rule: a refusal
 * is its one-line sentence and 64; anything else is a failure nobody anticipated, 70, with its
 * trace. It is never thrown on to the SDK, whose McpServer would turn any thrown error into a
 * bare-message tool error that reads exactly like a refusal (see docs/adr/0013).
 */
export function failureEnvelope(error: unknown): Envelope {
  if (error instanceof Deno.errors.NotCapable) {
    return refused(PermissionRefusedError.fromNotCapable(error));
  }
  if (error instanceof RunCancelledError) {
    return {
      exit_code: EXIT_INTERRUPTED,
      error: { kind: "cancelled", type: error.name, message: error.message },
    };
  }
  if (isRefusal(error)) return refused(error as Error);
  const failure = error instanceof Error ? error : new Error(String(error));
  return {
    exit_code: EXIT_INTERNAL,
    error: {
      kind: "unexpected",
      type: failure.name,
      message: failure.message,
      trace: failure.stack ?? `${failure.name}: ${failure.message}`,
    },
  };
}

function refused(error: Error): Envelope {
  const fields = refusalFields(error);
  return {
    exit_code: EXIT_REFUSED,
    error: {
      kind: "refused",
      type: error.name,
      message: error.message,
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
    },
  };
}

/**
 * A refusal's own fields (file, line, run, issues, ...) in snake_case, as JSON: the refusal
 * classes carry what a user needs, and an agent can act on a field without parsing the sentence.
 */
function refusalFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause" || key === "name" || value === undefined || typeof value === "function") {
      continue;
    }
    fields[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = JSON.parse(JSON.stringify(value));
  }
  return fields;
}
