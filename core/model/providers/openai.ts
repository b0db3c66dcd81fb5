import type { JsonObject } from "../../json.ts";
import { promptTurns, setFields, type WireFormat } from "./wire_format.ts";

export interface OpenAiReply {
  choices: {
    message: { content?: string | null; refusal?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
}

/** OpenAI-compatible chat completions: POST `{base_url}/chat/completions`. */
export const OPENAI: WireFormat<OpenAiReply> = {
  defaultBaseUrl: "https://api.openai.com/v1",
  unstatedOutputTokens: 512,
  identityDefaults: () => ({}),
  request(connection, prompt, { base, query }) {
    const messages = [
      ...(prompt.system === undefined ? [] : [{ role: "system", content: prompt.system }]),
      ...promptTurns(prompt),
    ];
    return {
      url: `${base}/chat/completions${query}`,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...connection.headers,
      },
      body: {
        ...connection.extra_body,
        model: connection.model,
        messages,
        ...setFields(connection, ["temperature", "max_tokens", "max_completion_tokens", "seed"]),
      } as JsonObject,
    };
  },
  check(connection, issue) {
    if (connection.anthropic_version !== undefined) {
      issue("anthropic_version", 'anthropic_version is for provider = "anthropic" only');
    }
  },
  replyName: "a chat completion",
  replySchema(z) {
    const tokens = z.number().int().nonnegative();
    // Only what digline reads is checked; providers add fields all the time, so the rest passes.
    return z.object({
      choices: z.array(z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          refusal: z.string().nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      })).min(1),
      usage: z.object({ prompt_tokens: tokens, completion_tokens: tokens }).nullable().optional(),
    });
  },
  read(reply) {
    const choice = reply.choices[0];
    const usage = reply.usage;
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
  },
};
