import { DiglineError } from "../errors.ts";
import type { JsonObject } from "../json.ts";
import {
  ANTHROPIC_DEFAULT_MAX_TOKENS,
  baseUrlOf,
  DEFAULT_ANTHROPIC_VERSION,
  type ModelConnection,
} from "./connection.ts";
import type { TokenCounts } from "./usage.ts";

/** What is asked of a model: one user turn, with an optional system prompt. */
export interface ModelPrompt {
  system?: string;
  prompt: string;
}

/** An HTTP request ready to send, without its credential (the host adds that). */
export interface HttpPlan {
  url: string;
  headers: Record<string, string>;
  body: JsonObject;
}

/** A model's answer, read the same way from either wire format. */
export interface ModelReply {
  /** The text the model wrote (empty when it wrote none). */
  text: string;
  /** Why the model declined, when it did: the refusal text, or the provider's stop reason. */
  refusal?: string;
  /** The provider's own word for why the answer ended (`stop`, `end_turn`, `max_tokens`, ...). */
  stop: string | null;
  /** Tokens the provider says the call used, when it says. */
  usage?: TokenCounts;
}

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
  const optional = (key: keyof ModelConnection & string) =>
    connection[key] === undefined ? {} : { [key]: connection[key] };
  if (connection.provider === "openai") {
    const messages = [
      ...(prompt.system === undefined ? [] : [{ role: "system", content: prompt.system }]),
      { role: "user", content: prompt.prompt },
    ];
    return {
      url: `${base}/chat/completions${suffix}`,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...connection.headers,
      },
      body: {
        ...connection.extra_body,
        model: connection.model,
        messages,
        ...optional("temperature"),
        ...optional("max_tokens"),
        ...optional("max_completion_tokens"),
        ...optional("seed"),
      } as JsonObject,
    };
  }
  return {
    url: `${base}/v1/messages${suffix}`,
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      "anthropic-version": connection.anthropic_version ?? DEFAULT_ANTHROPIC_VERSION,
      ...connection.headers,
    },
    body: {
      ...connection.extra_body,
      model: connection.model,
      max_tokens: connection.max_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
      ...(prompt.system === undefined ? {} : { system: prompt.system }),
      messages: [{ role: "user", content: prompt.prompt }],
      ...optional("temperature"),
    } as JsonObject,
  };
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
