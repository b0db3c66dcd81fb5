import { z } from "zod";
import type { Comparison } from "./compare.ts";
import { TALLY_KINDS } from "./facts.ts";
import { explainLines, headline } from "./reading.ts";
import type { BaselineDocument, RunDocument } from "./run_document.ts";
import { BaselineDocumentSchema, FigureSchema } from "./run_document.ts";

/** The version of every `--json` document; keys are only added within a version. */
export const OUTPUT_VERSION = 1;

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
    status: z.enum(["worse", "better", "unchanged", "missing", "uncomputable", "new"]),
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

/** Counts a run's verdicts, each count beside the checks it counts. */
export function verdictTally(run: RunDocument): Record<"pass" | "fail" | "error", string[]> & {
  suspended: string[];
} {
  const tally = { pass: [] as string[], fail: [] as string[], error: [] as string[] };
  for (const c of run.cases) {
    for (const v of c.verdicts) tally[v.status].push(`${c.case_id} · ${v.assertion}`);
  }
  return {
    ...tally,
    suspended: run.cases.filter((c) => c.kind === "suspended").map((c) => c.case_id),
  };
}

/** A run as `run --json` and `view RUN --json` describe it: identity, tallies and figures. */
export const RunSummarySchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.enum(["run", "view"]),
  run_id: z.string(),
  suite: z.string(),
  cases_digest: z.string(),
  config_hash: z.string(),
  target: z.string(),
  git_commit: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string(),
  cases: z.array(z.string()),
  checks: z.strictObject({
    pass: z.array(z.string()),
    fail: z.array(z.string()),
    error: z.array(z.string()),
  }),
  suspended: z.array(z.string()),
  figures: z.array(FigureSchema),
  path: z.string().optional(),
});
/** A run summary document. */
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** Builds the summary of one run. */
export function runSummary(
  run: RunDocument,
  options: { kind: "run" | "view"; path?: string },
): RunSummary {
  const tally = verdictTally(run);
  return {
    output_version: OUTPUT_VERSION,
    kind: options.kind,
    run_id: run.run_id,
    suite: run.suite.name,
    cases_digest: run.suite.cases_digest,
    config_hash: run.suite.config_hash,
    target: `${run.target.kind}: ${run.target.name}`,
    git_commit: run.git_commit,
    started_at: run.started_at,
    finished_at: run.finished_at,
    cases: run.cases.map((c) => c.case_id),
    checks: { pass: tally.pass, fail: tally.fail, error: tally.error },
    suspended: tally.suspended,
    figures: run.figures,
    ...(options.path === undefined ? {} : { path: options.path }),
  };
}

/** One row of `list` and `view`: a run with its figures' values as columns. */
export const RunRowSchema = z.strictObject({
  run_id: z.string(),
  suite: z.string(),
  started_at: z.string(),
  git_commit: z.string().nullable(),
  target: z.string(),
  cases: z.number().int(),
  errored_checks: z.array(z.string()),
  failed_checks: z.number().int(),
  is_baseline: z.boolean(),
  figures: z.record(z.string(), z.number().nullable()),
});
/** A run row. */
export type RunRow = z.infer<typeof RunRowSchema>;

/** `list --json` and `view --json` without a run. */
export const RunListSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.enum(["list", "view"]),
  runs: z.array(RunRowSchema),
});
/** A run list document. */
export type RunList = z.infer<typeof RunListSchema>;

/** Builds one row of the run list. */
export function runRow(run: RunDocument, options: { isBaseline: boolean }): RunRow {
  const tally = verdictTally(run);
  return {
    run_id: run.run_id,
    suite: run.suite.name,
    started_at: run.started_at,
    git_commit: run.git_commit,
    target: `${run.target.kind}: ${run.target.name}`,
    cases: run.cases.length,
    errored_checks: tally.error,
    failed_checks: tally.fail.length,
    is_baseline: options.isBaseline,
    figures: Object.fromEntries(run.figures.map((f) => [f.name, f.value])),
  };
}
