import { z } from "zod";
import type { OutputDiff } from "../run/output_diff.ts";
import { type BaselineDocument, BaselineDocumentSchema } from "../run/run_document.ts";
import { OUTPUT_VERSION } from "./version.ts";
import { baselineSelection } from "../compare/baseline_split.ts";

/** `promote --json`: the approval as written, and where. */
export const PromoteDocumentSchema = BaselineDocumentSchema.extend({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.literal("promote"),
  path: z.string(),
  /** False for a baseline of one run: nothing measured how often its checks flip. */
  noise_measured: z.boolean().optional(),
  /** `--check-determinism`: the cases drawn again, each answering as in the run. */
  determinism_sample: z.array(z.string()).optional(),
  /**
   * With several runs, how `compare --confirm` uses them (ADR 0107): `choosing` runs choose the
   * noisy cases it draws again (the recorded `selection_runs`, or by the count rule when
   * `recorded` is false), and its figure test on those draws counts the other `test` runs.
   */
  confirm_runs: z.strictObject({
    test: z.number().int(),
    choosing: z.number().int(),
    recorded: z.boolean(),
  }).optional(),
});
/** A promote document. */
export type PromoteDocument = z.infer<typeof PromoteDocumentSchema>;

/** Builds the `promote --json` document. */
export function promoteDocumentOf(
  baseline: BaselineDocument,
  options: { path: string; sampled?: string[] },
): PromoteDocument {
  return {
    output_version: OUTPUT_VERSION,
    kind: "promote",
    ...baseline,
    path: options.path,
    noise_measured: (baseline.runs?.length ?? 1) > 1,
    ...(options.sampled === undefined ? {} : { determinism_sample: options.sampled }),
    ...(baseline.runs === undefined || baseline.runs.length < 2
      ? {}
      : { confirm_runs: confirmRunsOf(baseline.runs, baseline.selection_runs) }),
  };
}

function confirmRunsOf(
  runs: readonly string[],
  recorded: readonly string[] | undefined,
): NonNullable<PromoteDocument["confirm_runs"]> {
  const selection = baselineSelection(runs, { recorded });
  return {
    test: runs.length - selection.count,
    choosing: selection.count,
    recorded: selection.recorded,
  };
}

const LogEventSchema = z.discriminatedUnion("event", [
  z.strictObject({
    event: z.literal("run"),
    /** Present when the log holds several suites. */
    suite: z.string().optional(),
    at: z.string(),
    run_id: z.string(),
    git_commit: z.string().nullable(),
    /** How many cases the run answered. */
    cases: z.number().int(),
    cases_digest: z.string(),
    config_hash: z.string(),
    /** A run its suite's index does not list: not written by this store (ADR 0113). */
    unlisted: z.literal(true).optional(),
    /** `run --label`: the run's label. */
    label: z.string().optional(),
  }),
  z.strictObject({
    event: z.literal("promote"),
    suite: z.string().optional(),
    at: z.string(),
    run_id: z.string(),
    promoted_by: z.string(),
    because: z.string().nullable(),
  }),
]);

/** `log --json`: a suite's runs and promotions, oldest first. */
export const LogDocumentSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.literal("log"),
  suite: z.string().nullable(),
  /** How many events the history holds; `events` is the last of them when a limit left some out. */
  total: z.number().int(),
  events: z.array(LogEventSchema),
});
/** A log document. */
export type LogDocument = z.infer<typeof LogDocumentSchema>;

/** `diff --json`: the outputs that changed between two runs, and the cases that did not. */
export const DiffDocumentSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.literal("diff"),
  a: z.string(),
  b: z.string(),
  changed: z.array(z.strictObject({
    case_id: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  })),
  only_in_a: z.array(z.string()),
  only_in_b: z.array(z.string()),
  unchanged: z.array(z.string()),
});
/** A diff document. */
export type DiffDocument = z.infer<typeof DiffDocumentSchema>;

/** Builds the `diff --json` document. */
export function diffDocumentOf(diff: OutputDiff): DiffDocument {
  return { output_version: OUTPUT_VERSION, kind: "diff", ...diff };
}
