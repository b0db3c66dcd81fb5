import type { JsonObject } from "../../core/json.ts";
import { redact } from "../../core/redact.ts";
import { readApiKey } from "../models/api_key.ts";
import { refuseUngrantedKeyHost } from "../models/key_hosts.ts";
import { abortError, clip, fetchFailure, outputText } from "../calls/call_errors.ts";
import { decodeOutput } from "../files/utf8.ts";
import { type CallOptions, type Target, TransportError } from "../calls/target.ts";

/** What an http target is opened from. */
export interface HttpTargetSpec {
  url: string;
  field?: string;
  headers: Record<string, string>;
  /** The variable holding the key, read when the target opens (a refusal if unset). */
  api_key_env?: string;
  /** The header the key goes in; `authorization`, as `Bearer KEY`, by default. */
  api_key_header?: string;
}

/**
 * Opens an http target: POST the vars as JSON, read the body or one JSON field of it. No
 * redirect is followed (headers may carry a credential); the key is redacted from every error.
 */
export function openHttpTarget(spec: HttpTargetSpec): Target {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...spec.headers,
  };
  const secrets: string[] = [];
  if (spec.api_key_env !== undefined) {
    const who = "the http target";
    refuseUngrantedKeyHost({ variable: spec.api_key_env, url: spec.url, who });
    const key = readApiKey(spec.api_key_env, { who });
    const header = (spec.api_key_header ?? "authorization").toLowerCase();
    headers[header] = header === "authorization" ? `Bearer ${key}` : key;
    secrets.push(key);
  }
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
          redirect: "manual",
        });
        body = decodeOutput(new Uint8Array(await response.arrayBuffer()), callOptions.onOutputNote);
      } catch (e) {
        if (signal.aborted) throw abortError(signal);
        throw new TransportError(
          redact(`the request to ${spec.url} failed: ${fetchFailure(e)}`, secrets),
          { cause: e },
        );
      }
      if (response.status >= 300 && response.status < 400) {
        const location = redact(response.headers.get("location") ?? "nowhere", secrets);
        throw new TransportError(
          `the server answered ${response.status}, a redirect to ${location}; digline does ` +
            "not send a target's headers on to another address: set http to that address",
          { retryable: false },
        );
      }
      if (!response.ok) {
        const error = statusError(response, body);
        error.message = redact(error.message, secrets);
        throw error;
      }
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
