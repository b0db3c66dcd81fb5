import { z } from "zod";
import type { SameType } from "../same_type.ts";

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
 * The kinds to redact. No transform, so the documents holding it still convert to JSON Schema
 * (the MCP tools' output schemas); canonicalRedaction puts a list in order where it is built.
 */
export const RedactListSchema = z.array(z.enum(["outputs", "vars"]));

/** A suite's `[report]` table: how its reports and `compare --json` documents are shared. */
export const ReportSettingsSchema = z.strictObject({
  /** Replace these payloads by a sha256 digest in every report and compare document. */
  redact: RedactListSchema.default([]),
});
/** The `[report]` table with its defaults filled in. */
export type ReportSettings = z.infer<typeof ReportSettingsSchema>;
/**
 * A suite's `[report]` table as written.
 *
 * @example
 * ```ts
 * import type { ReportSettingsInput } from "../../mod.ts";
 * const report: ReportSettingsInput = { redact: ["outputs", "vars"] };
 * ```
 */
export interface ReportSettingsInput {
  /** Replace these payloads by a sha256 digest in every report and compare document. */
  redact?: Redactable[];
}
const _kind: SameType<Redactable, z.infer<typeof RedactListSchema>[number]> = true;
const _input: SameType<ReportSettingsInput, z.input<typeof ReportSettingsSchema>> = true;

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
