import { z } from "zod";
import { BaselineRecordSchema } from "./baseline_record.ts";
import { CaseKindSchema } from "../suite/case.ts";
import { SampleSchema } from "../model/sample.ts";
import { ModelUsageSchema, RunTotalsSchema } from "../model/usage.ts";
import { RunGateSchema } from "../suite/gate_settings.ts";
import { ShardSchema } from "./shard.ts";
import { Digest16Schema, VerdictSchema } from "./verdict.ts";

/** The version of the stored documents' shape; a change of meaning is a new version. */
export const RUN_SCHEMA_VERSION = 1;

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
  /** The model calls this case made (the target's and its judges'), per role and model. */
  usage: z.array(ModelUsageSchema).optional(),
  /**
   * With repeats: every draw, in order. `verdicts` holds their reduction; `output` is the first
   * draw that answered; `latency_ms` and `attempts` add up every draw.
   */
  samples: z.array(SampleSchema).min(2).optional(),
});
/** A case result. */
export type CaseResult = z.infer<typeof CaseResultSchema>;

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
/** A figure's exclusions. */
export type Exclusions = z.infer<typeof ExclusionsSchema>;

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
/** A figure. */
export type Figure = z.infer<typeof FigureSchema>;

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
  /** The commit the run was made at, with "-dirty" for uncommitted changes; null outside git. */
  git_commit: z.string().nullable(),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
  assertions: z.array(z.strictObject({ id: Digest16Schema, name: z.string(), kind: z.string() })),
  cases: z.array(CaseResultSchema),
  figures: z.array(FigureSchema),
  /** How a comparison against this run decides (suite `[gate]`); absent in older runs. */
  gate: RunGateSchema.optional(),
  /** What the run cost: attempts, latency, model calls and tokens. Absent in older runs. */
  totals: RunTotalsSchema.optional(),
  /**
   * A partial run (`run --shard K/N`): only this shard's cases. It is not compared or promoted
   * until `merge` has reconciled it with the other shards into one run.
   */
  shard: ShardSchema.optional(),
  /** A run `merge` made: the shard runs it was made of, in shard order. */
  merged_from: z.array(RunIdSchema).min(1).optional(),
});
/** A run document. */
export type RunDocument = z.infer<typeof RunDocumentSchema>;

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
  /** With several runs: per case and check the passes out of them, and each figure's spread. */
  measured: BaselineRecordSchema.optional(),
});
/** A baseline document. */
export type BaselineDocument = z.infer<typeof BaselineDocumentSchema>;
