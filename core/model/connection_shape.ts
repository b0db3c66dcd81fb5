import { z } from "zod";
import { JsonValueSchema } from "../json.ts";
import type { SameType } from "../same_type.ts";
import {
  CREDENTIAL_HEADERS,
  CREDENTIAL_QUERY,
  type ModelConnection,
  OWN_FIELDS,
} from "./connection.ts";
import { type Provider, PROVIDER_NAMES, PROVIDERS } from "./providers/mod.ts";

/**
 * The schema of a model connection, apart from its constants and code in connection.ts, which
 * `run` loads without zod.
 *
 * @module
 */

/** The wire formats, one for each provider in PROVIDERS. */
export const ProviderSchema = z.enum(PROVIDER_NAMES);
const _provider: SameType<Provider, z.infer<typeof ProviderSchema>> = true;

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
  /** How long failures in a row that may pass must go on before the circuit opens. */
  circuit_window_ms: z.number().int().nonnegative().max(3_600_000).optional(),
};

/**
 * Cross-key rules of a connection, added to any schema that spreads ModelConnectionShape: the
 * problems a provider would only report with a 400 once the run is under way.
 */
export function checkConnection(c: ModelConnection, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  PROVIDERS[c.provider].check(c, issue);
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
