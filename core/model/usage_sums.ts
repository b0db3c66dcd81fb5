import type { ModelCall, ModelRole, ModelUsage } from "./usage.ts";

/**
 * Adds one call to a list of usage entries (one per role and model), in place.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import type { ModelUsage } from "./usage.ts";
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
