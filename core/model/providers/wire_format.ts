import type { z } from "zod";
import type { JsonObject, JsonValue } from "../../json.ts";
import type { TokenCounts } from "../usage.ts";

/**
 * The seam a provider plugs into: everything digline does differently for one wire format, in
 * one object. A new provider is a file beside openai.ts and anthropic.ts and its line in
 * PROVIDERS (mod.ts); nothing else branches on the provider's name.
 *
 * @module
 */

/** What is asked of a model: one user turn, with an optional system prompt. */
export interface ModelPrompt {
  system?: string;
  prompt: string;
  /**
   * A second turn after the model's answer to the first: the answer as the assistant's turn,
   * then `request` as the user's. A judge asked again after an answer off the format gets this,
   * so a model that answers one request one way is not asked the very same request.
   */
  followUp?: { answer: string; request: string };
}

/** The turns after the system prompt, in order: the user's, then any follow-up's two. */
export function promptTurns(
  prompt: ModelPrompt,
): { role: "user" | "assistant"; content: string }[] {
  return [
    { role: "user", content: prompt.prompt },
    ...(prompt.followUp === undefined ? [] : [
      { role: "assistant" as const, content: prompt.followUp.answer },
      { role: "user" as const, content: prompt.followUp.request },
    ]),
  ];
}

/** An HTTP request ready to send, without its credential (the host adds that). */
export interface HttpPlan {
  url: string;
  headers: Record<string, string>;
  body: JsonObject;
}

/** A model's answer, read the same way from every wire format. */
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

/** The settings of a model connection a wire format reads (a ModelConnection has them all). */
export interface WireConnection {
  model: string;
  anthropic_version?: string;
  headers: Record<string, string>;
  system?: string;
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  seed?: number;
  extra_body?: Record<string, JsonValue>;
}

/** One provider's wire format. `Reply` is the shape of its successful response body. */
export interface WireFormat<Reply = unknown> {
  /** Where the provider is reached when the suite names no `base_url`. */
  defaultBaseUrl: string;
  /** The output tokens a request is paced for when the suite caps none. */
  unstatedOutputTokens: number;
  /**
   * The settings the provider fills in when the suite leaves them out, written into a judge's
   * identity so that a changed default changes the judge.
   */
  identityDefaults(connection: WireConnection): JsonObject;
  /** The request for one prompt; `base` has no trailing slash, `query` is empty or `?...`. */
  request(
    connection: WireConnection,
    prompt: ModelPrompt,
    at: { base: string; query: string },
  ): HttpPlan;
  /** Cross-key rules the provider would otherwise refuse with a 400 once the run is under way. */
  check(connection: WireConnection, issue: (key: string, message: string) => void): void;
  /** What a successful reply is, for a refusal: "a chat completion". */
  replyName: string;
  /**
   * The reply's shape, built with the zod the reply reader hands in: the reader (wire_reply.ts)
   * loads zod at the first model reply, so a provider's file loads none (ADR 0077).
   */
  replySchema(zod: typeof z): z.ZodType<Reply>;
  /** The reply as digline reads it. */
  read(reply: Reply): ModelReply;
}

/**
 * The fields of `connection` among `keys` that the suite set, so a request sends only those.
 */
export function setFields(
  connection: WireConnection,
  keys: readonly (keyof WireConnection)[],
): JsonObject {
  return Object.fromEntries(
    keys.flatMap((key) => connection[key] === undefined ? [] : [[key, connection[key]]]),
  ) as JsonObject;
}
