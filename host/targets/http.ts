import type { JsonObject } from "../../core/json.ts";
import { abortError, clip, errorMessage, outputText } from "./_shared.ts";
import { type CallOptions, type Target, TransportError } from "./target.ts";

/** Opens an http target: POST the vars as JSON, read the body or one JSON field of it. */
export function openHttpTarget(
  spec: { url: string; field?: string; headers: Record<string, string> },
): Target {
  const headers = { "content-type": "application/json", ...spec.headers };
  return {
    async call(vars: JsonObject, callOptions: CallOptions): Promise<string> {
      const { signal } = callOptions;
      let body: string;
      let response: Response;
      try {
        response = await fetch(spec.url, {
          method: "POST",
          headers,
          body: JSON.stringify(vars),
          signal,
        });
        body = await response.text();
      } catch (e) {
        if (signal.aborted) throw abortError(signal);
        throw new TransportError(`the request to ${spec.url} failed: ${errorMessage(e)}`, {
          cause: e,
        });
      }
      if (!response.ok) throw statusError(response, body);
      return spec.field === undefined ? body : readField(body, spec.field);
    },
    close(): Promise<void> {
      return Promise.resolve();
    },
  };
}

/** Reads a dot path ("choices.0.message.content") from a JSON body; arrays take numeric keys. */
export function readField(body: string, field: string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new TransportError(`the response is not JSON, so field "${field}" can not be read`);
  }
  for (const key of field.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) {
      throw new TransportError(`the response has no field "${field}"`);
    }
    value = (value as Record<string, unknown>)[key];
  }
  return outputText(value, `field "${field}" of the response`);
}

function statusError(response: Response, body: string): TransportError {
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  const first = body.trim().split(/\r?\n/, 1)[0] ?? "";
  return new TransportError(
    first === ""
      ? `the server answered ${status}`
      : `the server answered ${status}: ${clip(first)}`,
  );
}
