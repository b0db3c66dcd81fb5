import { z } from "zod";
import type { SameType } from "../same_type.ts";
import type { Redactable } from "./redaction.ts";

// The kinds and their order are code apart from the schemas, which compare loads without zod.
export { canonicalRedaction, REDACTABLE, type Redactable } from "./redaction.ts";

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
