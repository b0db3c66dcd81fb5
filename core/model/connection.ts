import { z } from "zod";
import { type JsonValue, JsonValueSchema } from "../json.ts";

/** The two wire formats: OpenAI-compatible chat completions, and Anthropic Messages. */
export const ProviderSchema = z.enum(["openai", "anthropic"]);
/** A wire format. */
export type Provider = z.infer<typeof ProviderSchema>;

/** Where each provider is reached when the suite names no `base_url`. */
export const DEFAULT_BASE_URL: Record<Provider, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com",
};

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

/** Header names that carry a credential: a suite may not set them, since a key never lives there. */
const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "x-api-key",
  "api-key",
  "proxy-authorization",
  "cookie",
]);

/** Query parameters that carry a credential (`?key=` and the like). */
const CREDENTIAL_QUERY = new Set(["key", "api_key", "api-key", "apikey", "access_token", "token"]);

/** Body fields digline writes itself, which `extra_body` may not replace. */
const OWN_FIELDS = new Set([
  "model",
  "messages",
  "system",
  "temperature",
  "max_tokens",
  "max_completion_tokens",
  "seed",
  "stream",
]);

const envName = z.string().regex(
  /^[A-Za-z_][A-Za-z0-9_]*$/,
  "an environment variable name uses letters, digits and _ (and does not start with a digit)",
);
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "not a valid header name");

const baseUrl = z.url({ protocol: /^https?$/, error: "base_url is an http or https URL" })
  .refine((u) => !/^[a-z]+:\/\/[^/]*@/i.test(u), {
    error: "base_url may not hold credentials: name the key's environment variable in api_key_env",
  })
  .refine((u) => !u.includes("?") && !u.includes("#"), {
    error: "base_url has no query or fragment: put query parameters in the query table",
  });

/**
 * How a model is reached and asked, shared by the `provider` target and the `judge` assertion.
 * The key itself never appears: `api_key_env` names the environment variable that holds it.
 */
export const ModelConnectionShape = {
  provider: ProviderSchema,
  model: z.string().min(1),
  base_url: baseUrl.optional(),
  /** The name of the environment variable holding the key; no key is sent without one. */
  api_key_env: envName.optional(),
  /** The header the key travels in; `authorization` (as `Bearer KEY`) by default. */
  api_key_header: headerName.optional(),
  anthropic_version: z.string().min(1).optional(),
  headers: z.record(headerName, z.string()).default({}),
  query: z.record(z.string().min(1), z.string()).default({}),
  system: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  seed: z.number().int().optional(),
  extra_body: z.record(z.string(), JsonValueSchema).optional(),
  /** Client-side pacing: requests begin at most this often, across the whole run. */
  requests_per_minute: z.number().int().positive().optional(),
  /** Client-side pacing: tokens (prompt estimate plus max_tokens) spent per minute at most. */
  tokens_per_minute: z.number().int().positive().optional(),
  /** Consecutive failed calls after which the endpoint is not called again in this run. */
  circuit_failures: z.number().int().positive().max(1000).default(5),
};

/** The connection keys, as a list; the judge's identity leaves out the operational ones. */
export const MODEL_CONNECTION_KEYS: readonly string[] = Object.keys(ModelConnectionShape);

/** Keys that say how a model is reached or paced, not what it is asked: never part of an identity. */
export const OPERATIONAL_MODEL_KEYS: readonly string[] = [
  "api_key_env",
  "api_key_header",
  "headers",
  "query",
  "requests_per_minute",
  "tokens_per_minute",
  "circuit_failures",
  "timeout_ms",
  "retries",
  "backoff_ms",
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
}

/** A model connection as validated. */
export interface ModelConnection {
  provider: Provider;
  model: string;
  base_url?: string;
  api_key_env?: string;
  api_key_header?: string;
  anthropic_version?: string;
  headers: Record<string, string>;
  query: Record<string, string>;
  system?: string;
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  seed?: number;
  extra_body?: Record<string, JsonValue>;
  requests_per_minute?: number;
  tokens_per_minute?: number;
  circuit_failures: number;
}

/**
 * Cross-key rules of a connection, added to any schema that spreads ModelConnectionShape: the
 * problems a provider would only report with a 400 once the run is under way.
 */
export function checkConnection(c: ModelConnection, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  if (c.provider === "anthropic") {
    for (const key of ["max_completion_tokens", "seed"] as const) {
      if (c[key] !== undefined) issue(key, `${key} is an OpenAI field; Anthropic has no such key`);
    }
    const version = c.anthropic_version ?? DEFAULT_ANTHROPIC_VERSION;
    if (c.temperature !== undefined && NO_SAMPLING_VERSIONS.has(version)) {
      issue(
        "temperature",
        `anthropic-version ${version} refuses temperature: remove it, or set ` +
          `anthropic_version = "2023-06-01"`,
      );
    }
  } else if (c.anthropic_version !== undefined) {
    issue("anthropic_version", 'anthropic_version is for provider = "anthropic" only');
  }
  if (c.max_tokens !== undefined && c.max_completion_tokens !== undefined) {
    issue("max_completion_tokens", "give max_tokens or max_completion_tokens, not both");
  }
  for (const name of Object.keys(c.headers)) {
    const lower = name.toLowerCase();
    if (CREDENTIAL_HEADERS.has(lower) || lower === c.api_key_header?.toLowerCase()) {
      ctx.addIssue({
        code: "custom",
        path: ["headers", name],
        message: `header "${name}" carries a credential, which never lives in a suite: put the ` +
          "key in an environment variable and name it in api_key_env",
      });
    }
  }
  for (const name of Object.keys(c.query)) {
    if (CREDENTIAL_QUERY.has(name.toLowerCase())) {
      ctx.addIssue({
        code: "custom",
        path: ["query", name],
        message: `query parameter "${name}" carries a credential, which never lives in a suite: ` +
          "name the key's environment variable in api_key_env",
      });
    }
  }
  for (const name of Object.keys(c.extra_body ?? {})) {
    if (OWN_FIELDS.has(name)) {
      ctx.addIssue({
        code: "custom",
        path: ["extra_body", name],
        message: `extra_body may not set "${name}", which digline writes itself`,
      });
    }
  }
}

/** The base URL a connection reaches, with the provider's default filled in. */
export function baseUrlOf(c: Pick<ModelConnection, "provider" | "base_url">): string {
  return (c.base_url ?? DEFAULT_BASE_URL[c.provider]).replace(/\/+$/, "");
}

/** A short public name for a model endpoint: `openai gpt-4o-mini at https://host/v1`. */
export function describeModel(c: Pick<ModelConnection, "provider" | "model" | "base_url">): string {
  return `${c.provider} ${c.model} at ${baseUrlOf(c)}`;
}
