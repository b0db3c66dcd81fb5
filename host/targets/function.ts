import type { JsonObject } from "../../core/json.ts";
import type { TargetFunction } from "../../core/suite/target_spec.ts";
import { abortError, errorMessage, outputText } from "../calls/call_errors.ts";
import { type CallOptions, type Target, TransportError } from "../calls/target.ts";

/** Opens a function target: a suite written in code hands the function itself. */
export function openFunctionTarget(fn: TargetFunction, options: { name: string }): Target {
  const who = `target function "${options.name}"`;
  return {
    call(vars: JsonObject, callOptions: CallOptions): Promise<string> {
      return callGuarded(fn, vars, { signal: callOptions.signal, who });
    },
    close(): Promise<void> {
      return Promise.resolve();
    },
  };
}

/**
 * Calls a user's function and turns whatever it throws into a TransportError, so the driver
 * retries it and records it rather than losing the run. Shared with module targets.
 */
export async function callGuarded(
  fn: (vars: JsonObject, context: { signal: AbortSignal }) => unknown,
  vars: JsonObject,
  options: { signal: AbortSignal; who: string },
): Promise<string> {
  let value: unknown;
  try {
    value = await fn(vars, { signal: options.signal });
  } catch (e) {
    if (options.signal.aborted) throw abortError(options.signal);
    if (e instanceof TransportError) throw e;
    throw new TransportError(`${options.who} threw: ${errorMessage(e)}`, { cause: e });
  }
  return outputText(value, options.who);
}
