import { type DocumentKind, documentKind } from "../../core/documents/read_document.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { RunSynopsis } from "../../core/run/run_synopsis.ts";
import { StoreDocumentError } from "../process/refusals.ts";

// The schemas are imported only for a document the generated validator refuses (ADR 0077).

/** A stored run, from disk or from git. */
export const RUN_DOCUMENT: DocumentKind<RunDocument> = documentKind("RunDocument", {
  schema: async () => (await import("../../core/run/run_document.ts")).RunDocumentSchema,
  refusal: storeRefusal,
});

/** A stored approval. */
export const BASELINE_DOCUMENT: DocumentKind<BaselineDocument> = documentKind(
  "BaselineDocument",
  {
    schema: async () => (await import("../../core/run/run_document.ts")).BaselineDocumentSchema,
    refusal: storeRefusal,
  },
);

/** One line of a suite's run index. */
export const RUN_SYNOPSIS: DocumentKind<RunSynopsis> = documentKind("RunSynopsis", {
  schema: async () => (await import("../../core/run/run_synopsis_schema.ts")).RunSynopsisSchema,
  refusal: storeRefusal,
});

/** A record of `compare --confirm`'s draws; no validator is generated for it. */
export const CONFIRMATION_DOCUMENT: DocumentKind<ConfirmationDocument> = documentKind(undefined, {
  schema: async () =>
    (await import("../../core/compare/confirmation_document.ts")).ConfirmationDocumentSchema,
  refusal: storeRefusal,
});

function storeRefusal(file: string, detail: string): StoreDocumentError {
  return new StoreDocumentError(file, detail);
}
