import { z } from "zod";
import type { ModelConnection } from "./connection.ts";
import { type ModelReply, WireFormatError } from "./wire.ts";

/**
 * A provider's reply read with its schemas, apart from the request's code in wire.ts: `run`
 * loads these (and zod) at its first model reply, and a suite without a model never does.
 *
 * @module
 */

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
