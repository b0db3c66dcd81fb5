import type { Comparison } from "../compare/compare_runs.ts";
import { VERDICT_FORCED_BY_FACT } from "../compare/facts.ts";
import { explainLines } from "../compare/explain_lines.ts";
import { headline } from "../compare/headline.ts";
import type { BaselineDocument } from "../run/run_document.ts";
import { redactCauses } from "../run/redact_run.ts";
import type { Redactable } from "../suite/redaction.ts";
import type { CompareDocument } from "./compare_document.ts";
import { OUTPUT_VERSION } from "./version.ts";

// The document's code apart from its schema (core/documents/compare_document.ts): compare builds it
// without loading zod (ADR 0077).

/** Builds the `compare --json` (or `explain --json`) document. */
export function compareDocumentOf(
  comparison: Comparison,
  options: {
    approval: BaselineDocument | null;
    kind?: "compare" | "explain";
    /** outputNoteLines of the candidate run. */
    outputNotes?: readonly string[];
    redact?: readonly Redactable[];
    /** compare --baseline-ref: the ref the approval was read at. */
    baselineRef?: string;
    /** compare --accept-rules-change. */
    acceptRulesChange?: boolean;
    /** compare --baseline-ref: the approval on disk, when it is not the ref's. */
    approvalChange?: { ref: string; onDisk: BaselineDocument };
  },
): CompareDocument {
  const notes = options.outputNotes ?? [];
  const redacting = options.redact !== undefined && options.redact.length > 0;
  const causes = comparison.facts.filter((f) => VERDICT_FORCED_BY_FACT[f.kind] > 0);
  const byKind: Record<string, { count: number; indices: number[] }> = {};
  causes.forEach((fact, index) => {
    const group = byKind[fact.kind] ??= { count: 0, indices: [] };
    group.count += 1;
    group.indices.push(index);
  });
  const kind = options.kind ?? "compare";
  return {
    output_version: OUTPUT_VERSION,
    kind,
    suite: comparison.suite,
    candidate_run: comparison.candidate_run,
    baseline_run: comparison.baseline_run,
    baseline_runs: comparison.baseline_runs,
    approval: options.approval === null ? null : {
      promoted_by: options.approval.promoted_by,
      promoted_at: options.approval.promoted_at,
      because: options.approval.because,
    },
    verdict: comparison.verdict,
    exit_code: comparison.verdict,
    headline: headline(comparison),
    facts: comparison.facts,
    figures: comparison.figures,
    gate: comparison.gate,
    confirmation: comparison.confirmation,
    flips: comparison.flips,
    flip_test: comparison.flip_test,
    min_detectable_drop: comparison.sensitivity,
    run_noise: comparison.run_noise,
    confirm: comparison.confirm,
    causes,
    causes_by_kind: byKind,
    ...(comparison.errored_causes.length === 0 ? {} : {
      errored_causes: redactCauses(comparison.errored_causes, options.redact ?? []),
    }),
    ...(kind === "explain"
      ? { lines: [...explainLines(comparison), ...notes.map((n) => `note: ${n}`)] }
      : {}),
    ...(notes.length === 0 ? {} : { output_notes: [...notes] }),
    ...(options.baselineRef === undefined ? {} : { baseline_ref: options.baselineRef }),
    ...(options.baselineRef !== undefined && options.acceptRulesChange === true
      ? { rules_change_accepted: true as const }
      : {}),
    ...(options.approvalChange === undefined ? {} : {
      approval_change: {
        ref: options.approvalChange.ref,
        suite: options.approvalChange.onDisk.suite,
        run_id: options.approvalChange.onDisk.run_id,
        promoted_by: options.approvalChange.onDisk.promoted_by,
        promoted_at: options.approvalChange.onDisk.promoted_at,
        because: options.approvalChange.onDisk.because,
      },
    }),
    ...(redacting ? { redacted: [...(options.redact ?? [])] } : {}),
  };
}
