import type { JsonObject } from "../../json.ts";
import { promptTurns, setFields, type WireFormat } from "./wire_format.ts";

/**
 * The anthropic-version sent when the suite names none: the current one, which the official
 * SDKs send too. It refuses sampling parameters (temperature), so a suite that needs one names
 * "2023-06-01".
 */
export const DEFAULT_ANTHROPIC_VERSION = "2026-10-21";

/** Anthropic requires max_tokens; this is sent when the suite gives none. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;

/** Anthropic versions that refuse temperature, top_p and top_k even at their defaults. */
const NO_SAMPLING_VERSIONS = new Set(["2026-10-21"]);

export interface AnthropicReply {
  type: "message";
  content: { type: string; text?: string }[];
  stop_reason: string | null;
  stop_details?: { explanation?: string | null } | null;
  usage?: {
    input_tokens: number;
    output_tokens: number;
    cache_creation_input_tokens?: number | null;
    cache_read_input_tokens?: number | null;
  };
}

/** Anthropic Messages: POST `{base_url}/v1/messages`. */
export const ANTHROPIC: WireFormat<AnthropicReply> = {
  defaultBaseUrl: "https://api.anthropic.com",
  unstatedOutputTokens: ANTHROPIC_DEFAULT_MAX_TOKENS,
  identityDefaults: (connection) => ({
    anthropic_version: connection.anthropic_version ?? DEFAULT_ANTHROPIC_VERSION,
    max_tokens: connection.max_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
  }),
  request(connection, prompt, { base, query }) {
    return {
      url: `${base}/v1/messages${query}`,
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
        messages: promptTurns(prompt),
        ...setFields(connection, ["temperature"]),
      } as JsonObject,
    };
  },
  check(connection, issue) {
    for (const key of ["max_completion_tokens", "seed"] as const) {
      if (connection[key] !== undefined) {
        issue(key, `${key} is an OpenAI field; Anthropic has no such key`);
      }
    }
    const version = connection.anthropic_version ?? DEFAULT_ANTHROPIC_VERSION;
    if (connection.temperature !== undefined && NO_SAMPLING_VERSIONS.has(version)) {
      issue(
        "temperature",
        `anthropic-version ${version} refuses temperature: remove it, or set ` +
          `anthropic_version = "2023-06-01"`,
      );
    }
  },
  replyName: "an Anthropic message",
  replySchema(z) {
    const tokens = z.number().int().nonnegative();
    return z.object({
      type: z.literal("message"),
      content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
      stop_reason: z.string().nullable(),
      stop_details: z.object({ explanation: z.string().nullable().optional() }).nullable()
        .optional(),
      usage: z.object({
        input_tokens: tokens,
        output_tokens: tokens,
        cache_creation_input_tokens: tokens.nullable().optional(),
        cache_read_input_tokens: tokens.nullable().optional(),
      }).optional(),
    });
  },
  read(message) {
    const text = message.content.filter((b) => b.type === "text").map((b) => b.text ?? "")
      .join("");
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
  },
};
