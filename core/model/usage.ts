import { z } from "zod";

/** Tokens one call used, as the provider reported them. */
export interface TokenCounts {
  input_tokens: number;
  output_tokens: number;
}

/** Who made a model call: the system under test, or a judge. */
export const ModelRoleSchema = z.enum(["target", "judge"]);
/** target or judge. */
export type ModelRole = z.infer<typeof ModelRoleSchema>;

/** One HTTP request to a model API, as the client reports it to whoever meters the case. */
export interface ModelCall {
  role: ModelRole;
  provider: string;
  model: string;
  /** Whether this request repeated one that failed. */
  retry: boolean;
  /** Absent when the response reported none (an error, a timeout, a server that omits it). */
  usage?: TokenCounts;
}

/** Receives every model call a case makes. */
export type ModelMeter = (call: ModelCall) => void;

const count = z.number().int().nonnegative();

/**
 * What one model was asked for one case (or a whole run): calls, retries among them, and the
 * tokens reported. Counts and short identifiers only, so it travels with the verdicts.
 */
export const ModelUsageSchema = z.strictObject({
  role: ModelRoleSchema,
  provider: z.string().max(64),
  model: z.string().max(200),
  /** HTTP requests sent, retries included. */
  calls: count,
  retries: count,
  input_tokens: count,
  output_tokens: count,
  /** Calls whose response reported no usage: the token counts leave them out. */
  unmetered: count,
});
/** Model usage. */
export type ModelUsage = z.infer<typeof ModelUsageSchema>;

/** A run's totals: what it cost in calls, tokens and time, over every case. */
export const RunTotalsSchema = z.strictObject({
  /** Cases that were asked something (every case but the suspended ones). */
  cases: count,
  /** Target attempts, every sample and retry included. */
  attempts: count,
  /** The cases' latencies added up (wall time spent waiting on the target). */
  latency_ms: z.number().nonnegative(),
  calls: count,
  retries: count,
  input_tokens: count,
  output_tokens: count,
  unmetered: count,
  /** The same, per role and model, in a stable order. */
  by_model: z.array(ModelUsageSchema),
});
/** Run totals. */
export type RunTotals = z.infer<typeof RunTotalsSchema>;

/**
 * Adds one call to a list of usage entries (one per role and model), in place.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const usage: ModelUsage[] = [];
 * addCall(usage, { role: "judge", provider: "openai", model: "m", retry: false,
 *   usage: { input_tokens: 10, output_tokens: 2 } });
 * addCall(usage, { role: "judge", provider: "openai", model: "m", retry: true });
 * assertEquals(usage, [{ role: "judge", provider: "openai", model: "m", calls: 2, retries: 1,
 *   input_tokens: 10, output_tokens: 2, unmetered: 1 }]);
 * ```
 */
export function addCall(entries: ModelUsage[], call: ModelCall): void {
  const entry = entryFor(entries, call);
  entry.calls++;
  if (call.retry) entry.retries++;
  if (call.usage === undefined) {
    entry.unmetered++;
  } else {
    entry.input_tokens += call.usage.input_tokens;
    entry.output_tokens += call.usage.output_tokens;
  }
}

/** Adds a whole usage entry to a list of them, in place. */
export function addUsage(entries: ModelUsage[], usage: ModelUsage): void {
  const entry = entryFor(entries, usage);
  entry.calls += usage.calls;
  entry.retries += usage.retries;
  entry.input_tokens += usage.input_tokens;
  entry.output_tokens += usage.output_tokens;
  entry.unmetered += usage.unmetered;
}

/** Usage entries in a stable order: target first, then by provider and model. */
export function sortUsage(entries: readonly ModelUsage[]): ModelUsage[] {
  const key = (u: ModelUsage) =>
    `${u.role === "target" ? 0 : 1}\u0000${u.provider}\u0000${u.model}`;
  return [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function entryFor(
  entries: ModelUsage[],
  who: { role: ModelRole; provider: string; model: string },
): ModelUsage {
  let entry = entries.find((e) =>
    e.role === who.role && e.provider === who.provider && e.model === who.model
  );
  if (entry === undefined) {
    entry = {
      role: who.role,
      provider: who.provider,
      model: who.model,
      calls: 0,
      retries: 0,
      input_tokens: 0,
      output_tokens: 0,
      unmetered: 0,
    };
    entries.push(entry);
  }
  return entry;
}
