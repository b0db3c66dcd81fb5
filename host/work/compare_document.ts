import type { CompareDocument } from "../../core/documents/compare_document.ts";
import { compareDocumentOf } from "../../core/documents/compare_document_of.ts";
import { outputNoteLines } from "../../core/run/output_notes.ts";
import { canonicalRedaction, type Redactable } from "../../core/suite/redaction.ts";
import { type CompareOptions, type CompareResult, compareRun } from "./compare_run.ts";

/** A comparison and its document, for compare and explain. */
export async function compareDocument(
  ref: string | undefined,
  options: CompareOptions & { kind: "compare" | "explain"; redact?: readonly Redactable[] },
): Promise<{ document: CompareDocument; result: CompareResult }> {
  const result = await compareRun(ref, options);
  return {
    document: compareDocumentOf(result.comparison, {
      approval: result.approval,
      kind: options.kind,
      outputNotes: outputNoteLines(result.candidate.cases),
      redact: redactionOf(result, options.redact ?? []),
      approvalChange: result.approvalChange,
      baselineRef: options.baselineRef,
      acceptRulesChange: options.acceptRulesChange,
    }),
    result,
  };
}

/**
 * What a comparison's documents and reports hide: what was asked, and whatever the suite said
 * in `[report] redact` on either side. Asking can add to a suite's redaction, never lift it.
 */
function redactionOf(result: CompareResult, asked: readonly Redactable[]): Redactable[] {
  return canonicalRedaction(
    asked,
    result.candidate.redact ?? [],
    ...result.baselineRuns.map((run) => run.redact ?? []),
  );
}
