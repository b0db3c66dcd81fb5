import type { JsonValue } from "../json.ts";
import { canonicalJson, sha256Hex } from "../digest.ts";
import { baseUrlOf, type ModelConnection } from "../model/connection.ts";
import { TargetSettingsKeys } from "../generated/validators.js";

/**
 * What a model target was asked with, as a run records it: enough for a comparison to say what
 * changed on the target's side between two runs of the same suite. The prompts are recorded by
 * their digests only, so no prompt text is written and redaction has nothing to hide.
 */
export interface TargetSettings {
  /** The wire format: `openai` or `anthropic`. */
  provider: string;
  /** The model's name as the suite gave it. */
  model: string;
  /** The endpoint's host (and port): where the model was reached, without path or query. */
  endpoint: string;
  /** The digest of the system prompt, when there is one. */
  system?: string;
  /** The digest of the prompt template. */
  prompt?: string;
  /** The sampling temperature, when the suite set one. */
  temperature?: number;
  /** Nucleus sampling's cut-off, when set (in `extra_body`). */
  top_p?: number;
  /** The cap on the answer's tokens, when set. */
  max_tokens?: number;
  /** The newer cap on the answer's tokens some models take instead, when set. */
  max_completion_tokens?: number;
  /** The sampling seed, when set. */
  seed?: number;
  /** The Anthropic API version asked for, for an Anthropic target. */
  anthropic_version?: string;
  /** The other fields of `extra_body` (top_p is lifted out above). */
  extra_body?: Record<string, JsonValue>;
}

/**
 * The keys of TargetSettings in the schema's order (TargetSettingsSchema, whose type is held to
 * this interface): the settings a comparison names. Generated, as comparing loads no zod.
 */
export const TARGET_SETTINGS_KEYS = TargetSettingsKeys as readonly (keyof TargetSettings)[];

/**
 * The settings of a model target (a `provider` target); undefined for any other kind, whose
 * identity (`target.name`) already says all a run knows of it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const settings = targetSettingsOf({
 *   kind: "provider",
 *   prompt: "{{q}}",
 *   connection: {
 *     provider: "openai", model: "m", base_url: "http://127.0.0.1:8080/v1", headers: {},
 *     query: {}, circuit_failures: 5, temperature: 0, extra_body: { top_p: 0.9, top_k: 20 },
 *   },
 * });
 * assertEquals(settings?.endpoint, "127.0.0.1:8080");
 * assertEquals([settings?.temperature, settings?.top_p, settings?.extra_body], [0, 0.9, { top_k: 20 }]);
 * ```
 */
export function targetSettingsOf(
  target: { kind: string; connection?: ModelConnection; prompt?: string },
): TargetSettings | undefined {
  if (target.kind !== "provider" || target.connection === undefined) return undefined;
  const c = target.connection;
  const { top_p, ...extra } = c.extra_body ?? {};
  const settings: TargetSettings = {
    provider: c.provider,
    model: c.model,
    endpoint: endpointHost(c),
    ...(c.system === undefined ? {} : { system: promptDigest(c.system) }),
    ...(target.prompt === undefined ? {} : { prompt: promptDigest(target.prompt) }),
    ...(c.temperature === undefined ? {} : { temperature: c.temperature }),
    ...(typeof top_p === "number" ? { top_p } : {}),
    ...(c.max_tokens === undefined ? {} : { max_tokens: c.max_tokens }),
    ...(c.max_completion_tokens === undefined
      ? {}
      : { max_completion_tokens: c.max_completion_tokens }),
    ...(c.seed === undefined ? {} : { seed: c.seed }),
    ...(c.anthropic_version === undefined ? {} : { anthropic_version: c.anthropic_version }),
  };
  // A top_p that is not a number stays where it was written.
  const rest = top_p === undefined || typeof top_p === "number" ? extra : { ...extra, top_p };
  if (Object.keys(rest).length > 0) settings.extra_body = rest;
  return settings;
}

/** One setting that differs between the baseline's run and the candidate's. */
export interface SettingChange {
  /** The setting's name as a reader knows it: `temperature`, `system prompt`, `extra_body.top_k`. */
  setting: string;
  /** Its value on each side, as text; "unset" where that side did not give it. */
  from: string;
  to: string;
}

const NAMES: Partial<Record<keyof TargetSettings, string>> = {
  system: "system prompt",
  prompt: "prompt template",
};

/**
 * Each setting that differs between two runs' target settings, in the record's order. Nothing
 * when either side has none (an older run, or a target that is not a model): what was not
 * recorded can not be said to have changed.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const base = { provider: "openai", model: "m", endpoint: "h", temperature: 0 };
 * assertEquals(settingChanges(base, { ...base, temperature: 1.5 }), [
 *   { setting: "temperature", from: "0", to: "1.5" },
 * ]);
 * assertEquals(settingChanges(undefined, base), []);
 * ```
 */
export function settingChanges(
  before: TargetSettings | undefined,
  after: TargetSettings | undefined,
): SettingChange[] {
  if (before === undefined || after === undefined) return [];
  const changes: SettingChange[] = [];
  for (const key of TARGET_SETTINGS_KEYS) {
    if (key === "extra_body") continue;
    const from = before[key];
    const to = after[key];
    if (from !== to) {
      changes.push({ setting: NAMES[key] ?? key, from: shown(from), to: shown(to) });
    }
  }
  const extraBefore = before.extra_body ?? {};
  const extraAfter = after.extra_body ?? {};
  const keys = [...new Set([...Object.keys(extraBefore), ...Object.keys(extraAfter)])].sort();
  for (const key of keys) {
    const from = extraBefore[key];
    const to = extraAfter[key];
    const same = from === undefined || to === undefined
      ? from === to
      : canonicalJson(from) === canonicalJson(to);
    if (!same) {
      changes.push({ setting: `extra_body.${key}`, from: shown(from), to: shown(to) });
    }
  }
  return changes;
}

/** The changes as one clause: `changed: temperature 0 → 1.5, seed 1 → unset`. */
export function settingChangesClause(
  changes: readonly { setting?: string; from?: unknown; to?: unknown }[],
): string | undefined {
  if (changes.length === 0) return undefined;
  return `changed: ${
    changes.map((c) => `${c.setting} ${String(c.from)} → ${String(c.to)}`).join(", ")
  }`;
}

function shown(value: JsonValue | undefined): string {
  if (value === undefined) return "unset";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The host (and port) of the endpoint a connection reaches. */
function endpointHost(c: Pick<ModelConnection, "provider" | "base_url">): string {
  const url = baseUrlOf(c);
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A prompt as a digest, written as redaction names a payload (`sha256:` and 12 hex digits). */
function promptDigest(text: string): string {
  return `sha256:${sha256Hex(text).slice(0, 12)}`;
}
