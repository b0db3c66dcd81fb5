import { z } from "zod";
import type { Comparison } from "../compare.ts";
import { TALLY_KINDS } from "../facts.ts";
import { explainLines, headline } from "../reading.ts";
import { type BaselineDocument, BaselineDocumentSchema } from "../run_document.ts";

import { OUTPUT_VERSION } from "./version.ts";

const FactSchema = z.strictObject({
  kind: z.enum(Object.keys(TALLY_KINDS) as [keyof typeof TALLY_KINDS]),
  case_id: z.string().optional(),
  assertion: z.string().optional(),
  assertion_id: z.string().optional(),
  figure: z.string().optional(),
  from: z.union([z.string(), z.number(), z.null()]).optional(),
  to: z.union([z.string(), z.number(), z.null()]).optional(),
  cases: z.array(z.string()).optional(),
});

const GroupSchema = z.strictObject({ count: z.number().int(), indices: z.array(z.number().int()) });

/** `compare --json` and `explain --json`: the verdict, the facts behind it and its causes. */
export const CompareOutputSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.enum(["compare", "explain"]),
  suite: z.string(),
  candidate_run: z.string(),
  baseline_run: z.string(),
  /** Every run the baseline is made of, the approved one first. */
  baseline_runs: z.array(z.string()).optional(),
  approval: BaselineDocumentSchema.pick({ promoted_by: true, promoted_at: true, because: true })
    .nullable(),
  verdict: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  exit_code: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  headline: z.string(),
  facts: z.array(FactSchema),
  figures: z.array(z.strictObject({
    name: z.string(),
    baseline: z.number().nullable(),
    candidate: z.number().nullable(),
    delta: z.number().nullable(),
    floor: z.number(),
    status: z.enum([
      "worse",
      "within-noise",
      "better",
      "unchanged",
      "missing",
      "uncomputable",
      "new",
    ]),
  })),
  /** The facts that forced a 1 or a 2. */
  causes: z.array(FactSchema),
  /** The causes grouped by kind, each with indices into `causes`. */
  causes_by_kind: z.record(z.string(), GroupSchema),
  /** explain only: the printed fact lines. */
  lines: z.array(z.string()).optional(),
});
/** A compare or explain document. */
export type CompareOutput = z.infer<typeof CompareOutputSchema>;

/** Builds the `compare --json` (or `explain --json`) document. */
export function compareOutput(
  comparison: Comparison,
  options: { approval: BaselineDocument | null; kind?: "compare" | "explain" },
): CompareOutput {
  const causes = comparison.facts.filter((f) => TALLY_KINDS[f.kind] > 0);
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
    causes,
    causes_by_kind: byKind,
    ...(kind === "explain" ? { lines: explainLines(comparison) } : {}),
  };
}
