/**
 * One kind of payload `--redact` or `[report] redact` names: `outputs` (the target's outputs and
 * every text that can quote them) or `vars` (the case's inputs and expected values, and the same
 * texts, since an output can repeat its input).
 *
 * @example
 * ```ts
 * import type { Redactable } from "../../mod.ts";
 * const hidden: Redactable[] = ["outputs", "vars"];
 * ```
 */
export type Redactable = "outputs" | "vars";

/** The payloads a shared report or `compare --json` can replace by their digests, in order. */
export const REDACTABLE: readonly Redactable[] = ["outputs", "vars"];

/**
 * Several redaction lists as one: every kind any of them names, each once, in REDACTABLE's order.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(canonicalRedaction(["vars", "outputs", "vars"]), ["outputs", "vars"]);
 * ```
 */
export function canonicalRedaction(...lists: readonly (readonly Redactable[])[]): Redactable[] {
  const named = new Set(lists.flat());
  return REDACTABLE.filter((kind) => named.has(kind));
}
