import { z } from "zod";
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

const TokenCount = z.number().int().nonnegative();

// Only what digline reads is checked; providers add fields all the time, so the rest passes.
const OpenAiReplySchema = z.object({
  choices: z.array(z.object({
    message: z.object({
      content: z.string().nullable().optional(),
      refusal: z.string().nullable().optional(),
    }),
    finish_reason: z.string().nullable().optional(),
  })).min(1),
  usage: z.object({ prompt_tokens: TokenCount, completion_tokens: TokenCount }).nullable()
    .optional(),
});

const AnthropicReplySchema = z.object({
  type: z.literal("message"),
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullable(),
  stop_details: z.object({ explanation: z.string().nullable().optional() }).nullable().optional(),
  usage: z.object({
    input_tokens: TokenCount,
    output_tokens: TokenCount,
    cache_creation_input_tokens: TokenCount.nullable().optional(),
    cache_read_input_tokens: TokenCount.nullable().optional(),
  }).optional(),
});

/**
 * Reads a successful response body. A body that is not JSON, or not the shape its wire format
 * promises, throws WireFormatError: a proxy that answered 200 with an HTML page is a fault, not
 * an empty answer.
 */
export function readReply(provider: ModelConnection["provider"], body: string): ModelReply {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WireFormatError(`the response is not JSON: ${sample(body)}`);
  }
  if (provider === "openai") {
    const parsed = OpenAiReplySchema.safeParse(json);
    if (!parsed.success) throw shapeError("a chat completion", parsed.error);
    const choice = parsed.data.choices[0];
    const usage = parsed.data.usage;
    const refusal = choice.message.refusal ??
      (choice.finish_reason === "content_filter" ? "the provider's content filter" : undefined);
    return {
      text: choice.message.content ?? (choice.message.refusal ?? ""),
      ...(refusal == null ? {} : { refusal }),
      stop: choice.finish_reason ?? null,
      ...(usage == null
        ? {}
        : { usage: { input_tokens: usage.prompt_tokens, output_tokens: usage.completion_tokens } }),
    };
  }
  const parsed = AnthropicReplySchema.safeParse(json);
  if (!parsed.success) throw shapeError("an Anthropic message", parsed.error);
  const message = parsed.data;
  const text = message.content.filter((b) => b.type === "text").map((b) => b.text ?? "").join("");
  const usage = message.usage;
  return {
    text,
    ...(message.stop_reason === "refusal"
      ? { refusal: message.stop_details?.explanation ?? "stop_reason refusal" }
      : {}),
    stop: message.stop_reason,
    ...(usage === undefined ? {} : {
      usage: {
        // Anthropic counts cached input apart; the input billed is the sum of the three.
        input_tokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) +
          (usage.cache_read_input_tokens ?? 0),
        output_tokens: usage.output_tokens,
      },
    }),
  };
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

function shapeError(what: string, error: z.ZodError): WireFormatError {
  const issue = error.issues[0];
  const where = issue.path.length === 0 ? "the body" : issue.path.join(".");
  return new WireFormatError(`the response is not ${what} (${where}: ${issue.message})`);
}

function sample(body: string): string {
  const line = body.trim().split(/\r?\n/, 1)[0] ?? "";
  if (line === "") return "the body is empty";
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line);
}
