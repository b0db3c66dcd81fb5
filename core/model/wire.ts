import { DiglineError } from "../errors.ts";
import { baseUrlOf, type ModelConnection } from "./connection.ts";
import { PROVIDERS } from "./providers/mod.ts";
import type { HttpPlan, ModelPrompt } from "./providers/wire_format.ts";

/** A response body that is not the shape the wire format promises. */
export class WireFormatError extends DiglineError {}

/**
 * The request for one prompt: POST `{base_url}/chat/completions` for OpenAI-compatible servers,
 * POST `{base_url}/v1/messages` for Anthropic (the paths the official SDKs append).
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const plan = buildRequest(
 *   { provider: "openai", model: "m", headers: {}, query: {}, circuit_failures: 5 },
 *   { prompt: "hi" },
 * );
 * assertEquals(plan.url, "https://api.openai.com/v1/chat/completions");
 * assertEquals(plan.body, { model: "m", messages: [{ role: "user", content: "hi" }] });
 * ```
 */
export function buildRequest(connection: ModelConnection, prompt: ModelPrompt): HttpPlan {
  const base = baseUrlOf(connection);
  const query = new URLSearchParams(connection.query).toString();
  const suffix = query === "" ? "" : `?${query}`;
  return PROVIDERS[connection.provider].request(connection, prompt, { base, query: suffix });
}

/**
 * The header a key travels in: `Authorization: Bearer KEY` by default (what both official
 * SDKs send today), or the key as it is in the header `api_key_header` names (`api-key` for
 * Azure's deployment URLs, `x-api-key` for proxies that only read that one).
 */
export function authHeader(
  connection: Pick<ModelConnection, "api_key_header">,
  key: string,
): [string, string] {
  const name = (connection.api_key_header ?? "authorization").toLowerCase();
  return [name, name === "authorization" ? `Bearer ${key}` : key];
}

/**
 * The message of an error body (`{"error": {"message": ...}}`, which both formats use), so a
 * 400 says what the provider objected to. Undefined when the body says nothing readable.
 */
export function readErrorMessage(body: string): string | undefined {
  try {
    const json = JSON.parse(body);
    const message = json?.error?.message ?? json?.message;
    return typeof message === "string" && message.trim() !== "" ? message.trim() : undefined;
  } catch {
    return undefined;
  }
}
