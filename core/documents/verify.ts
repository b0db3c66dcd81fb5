import { z } from "zod";
import { canonicalJson } from "../digest.ts";
import { OUTPUT_VERSION } from "./version.ts";

/** How one field of a saved payload stands against what the store says today. */
export const FieldCheckSchema = z.strictObject({
  field: z.string(),
  status: z.enum(["holds", "differs", "unknown"]),
});
/** One field's check. */
export type FieldCheck = z.infer<typeof FieldCheckSchema>;

/** `verify --json`: whether a saved payload still holds, field by field. */
export const VerifyDocumentSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.literal("verify"),
  file: z.string(),
  holds: z.boolean(),
  fields: z.array(FieldCheckSchema),
  /** The fields that differ or are unknown, each named in `fields` too. */
  broken: z.array(z.string()),
});
/** A verify document. */
export type VerifyDocument = z.infer<typeof VerifyDocumentSchema>;

/**
 * Compares a saved payload with the one re-derived today, one top-level field at a time and only
 * for the fields the saved payload has: a payload saved before a field was added still holds; a
 * field whose value moved, or that today's digline does not know, does not.
 */
export function verifyFields(
  saved: Record<string, unknown>,
  options: { file: string; derived: Record<string, unknown> },
): VerifyDocument {
  const fields: FieldCheck[] = Object.keys(saved).sort().map((field) => ({
    field,
    status: !(field in options.derived)
      ? "unknown"
      : canonicalJson(saved[field]) === canonicalJson(options.derived[field])
      ? "holds"
      : "differs",
  }));
  const broken = fields.filter((f) => f.status !== "holds").map((f) => f.field);
  return {
    output_version: OUTPUT_VERSION,
    kind: "verify",
    file: options.file,
    holds: broken.length === 0,
    fields,
    broken,
  };
}
