import { z } from "zod";
import type { SameType } from "../same_type.ts";
import { BaselineRecordSchema } from "./baseline_record.ts";
import { type CaseKind, CaseKindSchema } from "../suite/case.ts";
import { type AggregateSpec, AggregateSpecSchema } from "../suite/aggregate_spec.ts";
import { type JsonObject, type JsonValue, JsonValueSchema } from "../json.ts";
import { type Sample, SampleSchema } from "../model/sample.ts";
import {
  type ModelUsage,
  ModelUsageSchema,
  type RunTotals,
  RunTotalsSchema,
} from "../model/usage.ts";
import { type RunGate, RunGateSchema } from "../suite/gate_settings.ts";
import { Digest16Schema, type Verdict, VerdictSchema } from "../verdict.ts";
import { type Shard, ShardSchema } from "./shard.ts";
import { type Redactable, RedactListSchema } from "../suite/report_settings.ts";

import { RUN_SCHEMA_VERSION } from "./run_schema_version.ts";
import type { TargetSettings } from "./target_settings.ts";
import { RunLabelSchema } from "./run_label_schema.ts";

// Apart, so code that names the version loads no zod.
export { RUN_SCHEMA_VERSION };

/** A run id: UTC time to the millisecond, then random hex, so ids sort by when they began. */
export const RunIdSchema = z.string().regex(
  /^\d{8}-\d{6}-\d{3}-[0-9a-f]{6}$/,
  "a run id looks like 20261130-011803-123-3fa9c1",
);

/** One declared case's result. A suspended case carries no verdict and no output. */
export const CaseResultSchema = z.strictObject({
  case_id: z.string(),
  kind: CaseKindSchema,
  group: z.string().optional(),
  label: z.string().optional(),
  /** For a calibration case: the verdict its check must get. */
  expected_verdict: z.enum(["pass", "fail"]).optional(),
  /** Payload: the target's output. Absent when the target never answered. */
  output: z.string().optional(),
  verdicts: z.array(VerdictSchema),
  latency_ms: z.number().nonnegative(),
  attempts: z.number().int().nonnegative(),
  /** Payload: why the target gave no output after its retries. */
  transport_error: z.string().optional(),
  /** Payload: why a suspended case was set aside. */
  suspended_reason: z.string().optional(),
  /** The model declined to answer (a refusal); the output is what it said instead. */
  refused: z.literal(true).optional(),
  /** What digline changed in the output as it read it (bytes that were not UTF-8, replaced). */
  output_notes: z.array(z.string()).optional(),
  /** The model calls this case made (the target's and its judges'), per role and model. */
  usage: z.array(ModelUsageSchema).optional(),
  /**
   * With repeats: every draw, in order. `verdicts` holds their reduction; `output` is the first
   * draw that answered; `latency_ms` and `attempts` add up every draw.
   */
  samples: z.array(SampleSchema).min(2).optional(),
  /**
   * The digest of what the target was asked (the case's vars, and a calibration case's fixed
   * output): a case whose inputs differ between two runs can not be compared without a call.
   * Absent in older runs.
   */
  inputs_digest: Digest16Schema.optional(),
  /** The case's `expected` as the suite declared it, so a check can be re-applied to the output. */
  expected: JsonValueSchema.optional(),
  /**
   * Payload: the case's vars, what the target was asked (redacted as `vars`). Absent for a case
   * with none, and in older runs, which kept only their digest.
   */
  vars: z.record(z.string(), JsonValueSchema).optional(),
  /**
   * Payload: the user turn a model target sent, its prompt template filled with the vars
   * (redacted as `vars`); the system prompt, the same for every case, is in `target_settings` by
   * its digest. Absent for other targets, for a case not sent, and in older runs.
   */
  prompt: z.string().optional(),
});
/**
 * One declared case's result, as a run document records it. A suspended case carries no
 * verdict and no output.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import type { CaseResult } from "../../mod.ts";
 * const result: CaseResult = {
 *   case_id: "ada",
 *   kind: "normal",
 *   output: "Hello, Ada!",
 *   verdicts: [
 *     { assertion_id: "3fa9c1d2e4b5a607", assertion: "exact", status: "pass", metadata: {} },
 *   ],
 *   latency_ms: 12.5,
 *   attempts: 1,
 * };
 * assertEquals(result.verdicts.map((v) => v.status), ["pass"]);
 * ```
 */
export interface CaseResult {
  /** The case's id. */
  case_id: string;
  /** How the case counts. */
  kind: CaseKind;
  /** The case's group. */
  group?: string;
  /** The case's label, for precision and recall. */
  label?: string;
  /** For a calibration case: the verdict its check must get. */
  expected_verdict?: "pass" | "fail";
  /** Payload: the target's output. Absent when the target never answered. */
  output?: string;
  /** One per check asked of the case. */
  verdicts: Verdict[];
  /** Time spent waiting on the target, every attempt included. */
  latency_ms: number;
  /** Calls to the target, retries included (0 for a case not asked). */
  attempts: number;
  /** Payload: why the target gave no output after its retries. */
  transport_error?: string;
  /** Payload: why a suspended case was set aside. */
  suspended_reason?: string;
  /** The model declined to answer (a refusal); the output is what it said instead. */
  refused?: true;
  /** What digline changed in the output as it read it (bytes that were not UTF-8, replaced). */
  output_notes?: string[];
  /** The model calls this case made (the target's and its judges'), per role and model. */
  usage?: ModelUsage[];
  /**
   * With repeats: every draw, in order. `verdicts` holds their reduction; `output` is the first
   * draw that answered; `latency_ms` and `attempts` add up every draw.
   */
  samples?: Sample[];
  /** The digest of what the target was asked for this case (its vars); absent in older runs. */
  inputs_digest?: string;
  /** The case's `expected` as the suite declared it, so a check can be re-applied. */
  expected?: JsonValue;
  /** Payload: the case's vars; absent for a case with none and in older runs. */
  vars?: JsonObject;
  /** Payload: the user turn a model target sent for this case; absent for other targets. */
  prompt?: string;
}
const _caseResult: SameType<CaseResult, z.infer<typeof CaseResultSchema>> = true;

/** The cases a figure left out, by reason, each with the ids it left out. */
export const ExclusionsSchema = z.strictObject({
  suspended: z.array(z.string()),
  canary: z.array(z.string()),
  calibration: z.array(z.string()),
  errored: z.array(z.string()),
  unlabelled: z.array(z.string()),
  unscored: z.array(z.string()),
  other_group: z.array(z.string()),
});
/**
 * The cases a figure left out, by reason, each with the ids it left out.
 *
 * @example
 * ```ts
 * import type { Exclusions } from "../../mod.ts";
 * const none: Exclusions = {
 *   suspended: [],
 *   canary: [],
 *   calibration: [],
 *   errored: ["q7"],
 *   unlabelled: [],
 *   unscored: [],
 *   other_group: [],
 * };
 * ```
 */
export interface Exclusions {
  /** Set aside with a reason. */
  suspended: string[];
  /** Canaries must pass, and never count in a figure. */
  canary: string[];
  /** Calibration cases check the checks, and never count in a figure. */
  calibration: string[];
  /** The check got no answer for them. */
  errored: string[];
  /** Precision and recall: the case has no label. */
  unlabelled: string[];
  /** A mean: the verdict has no score. */
  unscored: string[];
  /** A group's figure: the case is in another group. */
  other_group: string[];
}
const _exclusions: SameType<Exclusions, z.infer<typeof ExclusionsSchema>> = true;

/** One computed figure: an aggregate, or one group of an expanded aggregate. */
export const FigureSchema = z.strictObject({
  /** The public name: "accuracy" or "accuracy[group=yelp]". */
  name: z.string(),
  aggregate: z.string(),
  kind: z.enum(["accuracy", "mean", "precision", "recall"]),
  over: z.string(),
  over_id: Digest16Schema,
  group: z.string().nullable(),
  /** null when no case could be counted: the figure can not be computed. */
  value: z.number().nullable(),
  /** The cases the value was computed from. */
  counted: z.array(z.string()),
  exclusions: ExclusionsSchema,
});
/**
 * One computed figure: an aggregate, or one group of an aggregate declared `by = "group"`.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import type { Figure, RunDocument } from "../../mod.ts";
 * function primaryValue(run: RunDocument): number | null {
 *   const figure: Figure | undefined = run.figures.find((f) => f.name === run.gate?.primary);
 *   return figure?.value ?? null;
 * }
 * ok(typeof primaryValue === "function");
 * ```
 */
export interface Figure {
  /** The public name: "accuracy" or "accuracy[group=yelp]". */
  name: string;
  /** The declared aggregate's name. */
  aggregate: string;
  /** How the case counts. */
  kind: "accuracy" | "mean" | "precision" | "recall";
  /** The name of the assertion the figure is computed over. */
  over: string;
  /** That assertion's id. */
  over_id: string;
  /** The group of a group's figure; null for the figure over every case. */
  group: string | null;
  /** null when no case could be counted: the figure can not be computed. */
  value: number | null;
  /** The cases the value was computed from. */
  counted: string[];
  /** The cases left out, by reason. */
  exclusions: Exclusions;
}
const _figure: SameType<Figure, z.infer<typeof FigureSchema>> = true;

/** A model target's settings as a run records them (core/run/target_settings.ts). */
export const TargetSettingsSchema = z.strictObject({
  provider: z.string(),
  model: z.string(),
  endpoint: z.string(),
  system: z.string().optional(),
  prompt: z.string().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  max_tokens: z.number().int().optional(),
  max_completion_tokens: z.number().int().optional(),
  seed: z.number().int().optional(),
  anthropic_version: z.string().optional(),
  extra_body: z.record(z.string(), JsonValueSchema).optional(),
});
const _settings: SameType<TargetSettings, z.infer<typeof TargetSettingsSchema>> = true;

/** The run a `run --retry-errors` completed: its id, its document's digest, the cases called again. */
export const RetriedFromSchema = z.strictObject({
  run_id: RunIdSchema,
  run_digest: z.string().regex(/^[0-9a-f]{64}$/),
  cases: z.array(z.string()).min(1),
});
/** The run a `run --retry-errors` completed. */
export interface RetriedFrom {
  /** The id of the stored run whose errored cases were called again. */
  run_id: string;
  /** runDocumentDigest of the completed run's document, as it was read. */
  run_digest: string;
  /** The cases called again: those that had an errored verdict. */
  cases: string[];
}
const _retried: SameType<RetriedFrom, z.infer<typeof RetriedFromSchema>> = true;

/** What one run recorded. */
export const RunDocumentSchema = z.strictObject({
  schema_version: z.literal(RUN_SCHEMA_VERSION),
  run_id: RunIdSchema,
  tenant: z.string(),
  suite: z.strictObject({
    name: z.string(),
    cases_digest: Digest16Schema,
    config_hash: Digest16Schema,
    /** Where the suite was loaded from, as the user named it. */
    source: z.string(),
  }),
  target: z.strictObject({ kind: z.string(), name: z.string() }),
  /**
   * What a model target was asked with (its provider, model, endpoint host, the digests of its
   * prompts, its sampling settings), so a comparison can say what changed on the target's side.
   * Absent for other targets and in older runs.
   */
  target_settings: TargetSettingsSchema.optional(),
  /** The commit the run was made at, with "-dirty" for uncommitted changes; null outside git. */
  git_commit: z.string().nullable(),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
  assertions: z.array(z.strictObject({
    id: Digest16Schema,
    name: z.string(),
    kind: z.string(),
    /**
     * The canonical definition the id is the digest of, so a later comparison can re-apply the
     * check to another run's stored outputs. Absent in older runs.
     */
    definition: JsonValueSchema.optional(),
  })),
  /** The suite's aggregates, so a re-checked baseline's figures are computed by the same rules. */
  aggregates: z.array(AggregateSpecSchema).optional(),
  cases: z.array(CaseResultSchema),
  figures: z.array(FigureSchema),
  /** How a comparison against this run decides (suite `[gate]`); absent in older runs. */
  gate: RunGateSchema.optional(),
  /** What the run cost: attempts, latency, model calls and tokens. Absent in older runs. */
  totals: RunTotalsSchema.optional(),
  /**
   * For a run made by `digline rejudge`: the run whose stored outputs it graded again under the
   * suite named above (its digests), without calling the target.
   */
  rejudged_from: RunIdSchema.optional(),
  /**
   * A partial run (`run --shard K/N`): only this shard's cases. It is not compared or promoted
   * until `merge` has reconciled it with the other shards into one run.
   */
  shard: ShardSchema.optional(),
  /** A run `merge` made: the shard runs it was made of, in shard order. */
  merged_from: z.array(RunIdSchema).min(1).optional(),
  /**
   * What this run's pure custom checks said of the approved baseline's stored outputs, where the
   * baseline had no verdict under the same definition (ADR 0053): compare reads them to judge
   * both sides by this run's rules without the suite's code. One verdict per stored output (one
   * per sample for a case asked several times).
   */
  baseline_rechecks: z.array(z.strictObject({
    run_id: RunIdSchema,
    /** The digest of the baseline document graded (runDocumentDigest): compare uses the re-check only for that document. */
    baseline_digest: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    case_id: z.string(),
    assertion_id: Digest16Schema,
    verdicts: z.array(VerdictSchema).min(1),
  })).optional(),
  /** The suite's `[report] redact`: the payloads every report of this run hides. */
  redact: RedactListSchema.optional(),
  /** `run --label`: a person's name for the run, to tell it from its neighbours. */
  label: RunLabelSchema.optional(),
  /**
   * For a run made by `run --retry-errors`: the stored run whose errored cases it called again,
   * by id and by the digest of its document (runDocumentDigest), and the cases called again;
   * every other case's result is that run's, under the same suite digests.
   */
  retried_from: RetriedFromSchema.optional(),
});
/**
 * What one run recorded: the suite it ran, every case's result, the figures and what it cost.
 * `digline run` stores one per run; `compare` reads two of them.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import type { RunDocument } from "../../mod.ts";
 * function erroredCases(run: RunDocument): string[] {
 *   return run.cases
 *     .filter((c) => c.verdicts.some((v) => v.status === "error"))
 *     .map((c) => c.case_id);
 * }
 * ok(typeof erroredCases === "function");
 * ```
 */
export interface RunDocument {
  /** The version of the document's shape (RUN_SCHEMA_VERSION). */
  schema_version: 1;
  /** UTC time to the millisecond, then random hex, so ids sort by when runs began. */
  run_id: string;
  /** The store's tenant the run belongs to. */
  tenant: string;
  /** The suite that ran, and the digests of its cases and checks. */
  suite: {
    name: string;
    cases_digest: string;
    config_hash: string;
    /** Where the suite was loaded from, as the user named it. */
    source: string;
  };
  /** What was asked, never a secret. */
  target: { kind: string; name: string };
  /** What a model target was asked with; absent for other targets and in older runs. */
  target_settings?: TargetSettings;
  /** The commit the run was made at, with "-dirty" for uncommitted changes; null outside git. */
  git_commit: string | null;
  /** ISO 8601, UTC. */
  started_at: string;
  /** ISO 8601, UTC. */
  finished_at: string;
  /** The suite's checks, by id, name, kind and canonical definition (absent in older runs). */
  assertions: { id: string; name: string; kind: string; definition?: JsonValue }[];
  /** The suite's aggregates as declared; absent in older runs. */
  aggregates?: AggregateSpec[];
  /** One result per declared case, in the suite's order. */
  cases: CaseResult[];
  /** The suite's aggregates, computed. */
  figures: Figure[];
  /** How a comparison against this run decides (suite `[gate]`); absent in older runs. */
  gate?: RunGate;
  /** What the run cost: attempts, latency, model calls and tokens. Absent in older runs. */
  totals?: RunTotals;
  /** For a run made by `digline rejudge`: the run whose stored outputs it graded again. */
  rejudged_from?: string;
  /** A partial run (`run --shard K/N`): only this shard's cases, until `merge` joins them. */
  shard?: Shard;
  /** A run `merge` made: the shard runs it was made of, in shard order. */
  merged_from?: string[];
  /** Its pure custom checks on the approved baseline's outputs, for compare (ADR 0053). */
  baseline_rechecks?: BaselineRecheck[];
  /** The suite's `[report] redact`: the payloads every report of this run hides. */
  redact?: Redactable[];
  /** `run --label`: a person's name for the run, to tell it from its neighbours. */
  label?: string;
  /** For a run made by `run --retry-errors`: the run it completed, and the cases called again. */
  retried_from?: RetriedFrom;
}
const _run: SameType<RunDocument, z.infer<typeof RunDocumentSchema>> = true;

/** One pure custom check re-applied to one case of a baseline run, as the candidate run saw it. */
export interface BaselineRecheck {
  /** The baseline run whose stored output was graded. */
  run_id: string;
  /** The digest of that run's document as graded; absent in older runs, which compare does not use. */
  baseline_digest?: string;
  /** The case whose stored output was graded. */
  case_id: string;
  /** The pure check that graded it, by the candidate's definition. */
  assertion_id: string;
  /** One verdict per stored output: the case's, or each sample's in order. */
  verdicts: Verdict[];
}

/** An approval: which run is the reference, who approved it, when and why. */
export const BaselineDocumentSchema = z.strictObject({
  schema_version: z.literal(RUN_SCHEMA_VERSION),
  suite: z.string(),
  tenant: z.string(),
  run_id: RunIdSchema,
  promoted_by: z.string(),
  promoted_at: z.iso.datetime(),
  because: z.string().nullable(),
  /**
   * Every run the approval is made of, `run_id` first. Several runs of the same suite measure
   * its noise: a check that did not give the same verdict in all of them is noisy, and each
   * figure's spread across them is the floor a later drop must exceed. Absent means [run_id].
   */
  runs: z.array(RunIdSchema).min(1).optional(),
  /**
   * Of `runs`, the ones that choose the noisy cases `compare --confirm` draws again (`promote
   * --selection-runs S`: the last S), left out of the figure's test on those draws; they count
   * for every other test. An empty list: no run chooses, so no case is drawn for the figure.
   * Absent: the last three of six or more runs choose (two of four or five), as before (ADR 0107).
   */
  selection_runs: z.array(RunIdSchema).optional(),
  /** With several runs: per case and check the passes out of them, and each figure's spread. */
  measured: BaselineRecordSchema.optional(),
});
/** A baseline document. */
export type BaselineDocument = z.infer<typeof BaselineDocumentSchema>;
