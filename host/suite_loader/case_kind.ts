import { type DocumentKind, documentKind } from "../../core/documents/read_document.ts";
import type { Case } from "../../core/suite/case.ts";

/**
 * A case of a JSONL, CSV or TSV file; its schema, and zod, load at the first line its generated
 * validator does not take (ADR 0077).
 */
export const CASE: DocumentKind<Case> = documentKind("Case", {
  schema: async () => (await import("../../core/suite/case.ts")).CaseSchema,
});
