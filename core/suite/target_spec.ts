import { z } from "zod";
import { backoffMsSchema, timeoutMsSchema } from "../timer_limits.ts";
import type { SameType } from "../same_type.ts";
import type { JsonObject } from "../json.ts";
import type { ModelConnection, ModelConnectionOptions } from "../model/connection.ts";
import { checkConnection, ModelConnectionShape } from "../model/connection_shape.ts";

/** How a run is paced: shared by every kind of target. */
export const RunSettingsSchema = z.strictObject({
  timeout_ms: timeoutMsSchema(30_000),
  concurrency: z.number().int().positive().max(1024).default(8),
  /** Extra attempts after a transport failure; a failed check is never retried. */
  retries: z.number().int().nonnegative().max(10).default(2),
  backoff_ms: backoffMsSchema(250),
  /** How many times each case is asked (a case's own `repeats` wins); verdicts are reduced. */
  repeats: z.number().int().min(1).max(100).default(1),
});
/**
 * How a run is paced, shared by every kind of target. A suite may give any of them; the rest
 * take their defaults.
 *
 * @example
 * ```ts
 * import type { RunSettings } from "../../mod.ts";
 * const gentle: Partial<RunSettings> = { concurrency: 2, retries: 4, backoff_ms: 1_000 };
 * ```
 */
export interface RunSettings {
  /** Per attempt, in milliseconds (30 000 by default). */
  timeout_ms: number;
  /** Cases in flight at once (8 by default, at most 1024). */
  concurrency: number;
  /** Extra attempts after a transport failure (2 by default); a failed check is never retried. */
  retries: number;
  /** The first wait between attempts, in milliseconds (250 by default). */
  backoff_ms: number;
  /** How many times each case is asked (1 by default; a case's own `repeats` wins). */
  repeats: number;
}
const _settings: SameType<RunSettings, z.infer<typeof RunSettingsSchema>> = true;

const settings = RunSettingsSchema.shape;

/** Query parameters that carry a credential by their name; a run document stores the URL. */
const CREDENTIAL_PARAM = /key|token|secret|passw|auth|sig|credential/i;

/**
 * An http target's URL is stored in every run document, so it must hold no credential: a
 * user:password part or a query parameter such as `?api_key=` is refused at load.
 */
function refuseUrlCredentials(url: string, ctx: z.RefinementCtx): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  const param = [...parsed.searchParams.keys()].find((name) => CREDENTIAL_PARAM.test(name));
  if (parsed.username === "" && parsed.password === "" && param === undefined) return;
  ctx.addIssue({
    code: "custom",
    message: `the URL carries a credential (${
      param === undefined ? "a user:password part" : `the query parameter "${param}"`
    }), and a run document stores the URL: send it in headers instead, which are never stored`,
  });
}

/**
 * The environment variables a system written in code reads. Under `digline mcp` it reads these
 * and no others (ADR 0084); elsewhere it reads what the command may.
 */
export const EnvNamesSchema = z.array(
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a variable's name: letters, digits and _"),
);

/** The `[target]` table of a TOML suite: exactly one of command, module, http or provider. */
export const TargetTableSchema = z.union([
  z.strictObject({
    ...settings,
    command: z.array(z.string().min(1)).min(1),
    cwd: z.string().optional(),
  }),
  z.strictObject({
    ...settings,
    module: z.string().min(1),
    export: z.string().min(1).default("default"),
    env: EnvNamesSchema.optional(),
  }),
  z.strictObject({
    ...settings,
    http: z.url().superRefine(refuseUrlCredentials),
    /** A dot path into the JSON response; the whole body when absent. */
    field: z.string().min(1).optional(),
    headers: z.record(z.string(), z.string()).default({}),
    /** The environment variable holding the server's key; never the key itself. */
    api_key_env: z.string().regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      "an environment variable's name: letters, digits and _",
    ).optional(),
    /** The header the key is sent in: `authorization` (as `Bearer KEY`) when absent. */
    api_key_header: z.string().regex(/^[A-Za-z0-9-]+$/, "a header name").optional(),
  }),
  z.strictObject({
    ...settings,
    ...ModelConnectionShape,
    /** The user turn, with `{{var}}` placeholders filled from each case's vars. */
    prompt: z.string().min(1),
  }).superRefine(checkConnection),
], {
  error: "the target needs exactly one of command, module, http or provider (and only their keys)",
});
/** The target table as parsed. */
export type TargetTable = z.infer<typeof TargetTableSchema>;

/**
 * A command target: the suite's system as a program that reads a case's vars as JSON on stdin
 * and answers on stdout.
 *
 * @example
 * ```ts
 * import type { CommandTarget } from "../../mod.ts";
 * const target: CommandTarget = { command: ["python3", "answer.py"], timeout_ms: 10_000 };
 * ```
 */
export interface CommandTarget extends Partial<RunSettings> {
  /** The program and its arguments; no shell is involved. */
  command: string[];
  /** The folder it runs in, relative to the suite; the suite's own when absent. */
  cwd?: string;
}

/**
 * A module target: a function exported by a JavaScript or TypeScript module.
 *
 * @example
 * ```ts
 * import type { ModuleTarget } from "../../mod.ts";
 * const target: ModuleTarget = { module: "./system.ts", export: "answer" };
 * ```
 */
export interface ModuleTarget extends Partial<RunSettings> {
  /** The module's path, relative to the suite. */
  module: string;
  /** The export to call; `default` when absent. */
  export?: string;
  /** The environment variables it reads, which `digline mcp` grants it and no others. */
  env?: string[];
}

/**
 * An HTTP target: each case's vars are POSTed as JSON, and the answer is read from the body.
 *
 * @example
 * ```ts
 * import type { HttpTarget } from "../../mod.ts";
 * const target: HttpTarget = { http: "http://127.0.0.1:8080/answer", field: "reply.text" };
 * ```
 */
export interface HttpTarget extends Partial<RunSettings> {
  /** The URL asked. */
  http: string;
  /** A dot path into the JSON response; the whole body when absent. */
  field?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/**
 * A provider target: a model asked directly with a prompt filled from each case's vars.
 *
 * @example
 * ```ts
 * import type { ProviderTarget } from "../../mod.ts";
 * const target: ProviderTarget = {
 *   provider: "openai",
 *   model: "gpt-4o-mini",
 *   api_key_env: "OPENAI_API_KEY",
 *   prompt: "Answer the customer in one sentence: {{question}}",
 * };
 * ```
 */
export interface ProviderTarget extends Partial<RunSettings>, ModelConnectionOptions {
  /** The user turn, with `{{var}}` placeholders filled from each case's vars. */
  prompt: string;
}

type Assignable<A, B> = [A] extends [B] ? true : false;
type TableInput = z.input<typeof TargetTableSchema>;
const _tables: Assignable<CommandTarget | ModuleTarget | HttpTarget | ProviderTarget, TableInput> =
  true;

/**
 * A function target, given by a suite written in code: it is handed a case's vars and answers
 * with text. `V` is the type of the vars, when the function declares one (`defineSuite` then
 * holds every inline case's vars to it); any JSON object when it does not.
 *
 * @example
 * ```ts
 * import type { TargetFunction } from "../../mod.ts";
 * const greet: TargetFunction = (vars) => `Hello, ${String(vars.name)}!`;
 * const shout: TargetFunction<{ text: string }> = (vars) => vars.text.toUpperCase();
 * ```
 */
export type TargetFunction<V extends object = JsonObject> = (
  vars: V,
  context: { signal: AbortSignal },
) => Promise<string> | string;

/** What the driver calls: a resolved target of any kind. */
export type TargetSpec =
  | { kind: "command"; command: string[]; cwd: string }
  | {
    kind: "module";
    /** The module's URL, a file's absolute: what the worker imports. */
    module: string;
    /** What a run names it by: a file's path from the repository's root (ADR 0118). */
    name: string;
    export: string;
    env?: string[];
  }
  | {
    kind: "http";
    url: string;
    field?: string;
    headers: Record<string, string>;
    api_key_env?: string;
    api_key_header?: string;
  }
  | { kind: "function"; name: string; fn: TargetFunction; env?: string[] }
  | { kind: "provider"; connection: ModelConnection; prompt: string };
