import { z } from "zod";
import type { SameType } from "../same_type.ts";

/** The payloads a shared report or `compare --json` can replace by their digests. */
export const REDACTABLE = ["outputs", "vars"] as const;
/** One kind of payload `--redact` or `[report] redact` names. */
export type Redactable = (typeof REDACTABLE)[number];

/** The kinds to redact, each named once, in a fixed order so two lists compare as text. */
export const RedactListSchema = z.array(z.enum(REDACTABLE)).transform((list) =>
  canonicalRedaction(list)
);

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
