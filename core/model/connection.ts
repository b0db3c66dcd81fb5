import { type Provider, PROVIDERS } from "./providers/mod.ts";
import type { WireConnection } from "./providers/wire_format.ts";
import type { SameType } from "../same_type.ts";
import { ModelConnectionKeys } from "../generated/schema_facts.js";

/** Header names that carry a credential: a suite may not set them, since a key never lives there. */
export const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "x-api-key",
  "api-key",
  "proxy-authorization",
  "cookie",
]);

/** Query parameters that carry a credential (`?key=` and the like). */
export const CREDENTIAL_QUERY = new Set([
  "key",
  "api_key",
  "api-key",
  "apikey",
  "access_token",
  "token",
]);

/** Body fields digline writes itself, which `extra_body` may not replace. */
export const OWN_FIELDS = new Set([
  "model",
  "messages",
  "system",
  "temperature",
  "max_tokens",
  "max_completion_tokens",
  "seed",
  "stream",
]);

/**
 * The connection keys, as a list; the judge's identity leaves out the operational ones. Read off
 * ModelConnectionShape by `deno task generate:validators`, so that `run` lists them without zod.
 */
export const MODEL_CONNECTION_KEYS: readonly string[] = ModelConnectionKeys;

/** Keys that say how a model is reached or paced, not what it is asked: never part of an identity. */
export const OPERATIONAL_MODEL_KEYS: readonly string[] = [
  "api_key_env",
  "api_key_header",
  "headers",
  "query",
  "requests_per_minute",
  "tokens_per_minute",
  "circuit_failures",
  "circuit_window_ms",
  "timeout_ms",
  "retries",
  "backoff_ms",
  "abstention_retries",
];

/**
 * How a model is reached and asked, as a suite writes it: shared by the `provider` target and
 * the `judge` assertion. The key itself never appears: `api_key_env` names the environment
 * variable that holds it.
 *
 * @example
 * ```ts
 * import type { ModelConnectionOptions } from "../../mod.ts";
 * const connection: ModelConnectionOptions = {
 *   provider: "anthropic",
 *   model: "claude-sonnet-4-5",
 *   api_key_env: "ANTHROPIC_API_KEY",
 *   max_tokens: 512,
 * };
 * ```
 */
export interface ModelConnectionOptions {
  /** The wire format: OpenAI-compatible chat completions, or Anthropic Messages. */
  provider: "openai" | "anthropic";
  /** The model's name, as the provider spells it. */
  model: string;
  /** An http or https URL with no credentials, query or fragment; the provider's own when absent. */
  base_url?: string;
  /** The name of the environment variable holding the key; no key is sent without one. */
  api_key_env?: string;
  /** The header the key travels in; `authorization` (as `Bearer KEY`) by default. */
  api_key_header?: string;
  /** Anthropic only: the `anthropic-version` header. */
  anthropic_version?: string;
  /** Extra request headers; none may carry a credential. */
  headers?: Record<string, string>;
  /** Extra query parameters; none may carry a credential. */
  query?: Record<string, string>;
  /** The system prompt. */
  system?: string;
  /** From 0 to 2. */
  temperature?: number;
  /** The most tokens the model may answer with. */
  max_tokens?: number;
  /** OpenAI's name for the same cap, for the models that want it. */
  max_completion_tokens?: number;
  /** Asks the provider for repeatable sampling, where it supports that. */
  seed?: number;
  /** Extra JSON fields of the request body; never one digline writes itself. */
  extra_body?: Record<string, unknown>;
  /** Client-side pacing: requests begin at most this often, across the whole run. */
  requests_per_minute?: number;
  /** Client-side pacing: tokens (prompt estimate plus max_tokens) spent per minute at most. */
  tokens_per_minute?: number;
  /** Consecutive failed calls after which the endpoint is not called again in this run (5). */
  circuit_failures?: number;
  /**
   * How long those failures in a row must have gone on, in milliseconds, before the circuit
   * opens when they are of a kind that passes (5xx, refused connections, timeouts): 30 000.
   */
  circuit_window_ms?: number;
}

// The public type spells the names out for its readers; a provider added to PROVIDERS fails here.
const _providers: SameType<ModelConnectionOptions["provider"], Provider> = true;

/** A model connection as validated: what its wire format reads, and how it is reached and paced. */
export interface ModelConnection extends WireConnection {
  provider: Provider;
  base_url?: string;
  api_key_env?: string;
  api_key_header?: string;
  query: Record<string, string>;
  requests_per_minute?: number;
  tokens_per_minute?: number;
  circuit_failures: number;
  circuit_window_ms?: number;
}

/**
 * How long failures in a row that may pass must go on before the circuit opens, when the suite
 * says nothing: longer than a local server takes to load a small model, far shorter than a run.
 */
export const DEFAULT_CIRCUIT_WINDOW_MS = 30_000;

/** The base URL a connection reaches, with the provider's default filled in. */
export function baseUrlOf(c: Pick<ModelConnection, "provider" | "base_url">): string {
  return (c.base_url ?? PROVIDERS[c.provider].defaultBaseUrl).replace(/\/+$/, "");
}

/** A short public name for a model endpoint: `openai gpt-4o-mini at https://host/v1`. */
export function describeModel(c: Pick<ModelConnection, "provider" | "model" | "base_url">): string {
  return `${c.provider} ${c.model} at ${baseUrlOf(c)}`;
}
