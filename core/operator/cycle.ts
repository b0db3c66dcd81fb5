import { z } from "zod";
import { type Classification, CLASSIFICATIONS } from "./config.ts";

/** The version of cycle.json's shape. */
export const CYCLE_FORMAT = 1;

/** One check that flipped in the cycle's run, and what the reruns said of it. */
export const FlipSchema = z.strictObject({
  case_id: z.string(),
  assertion: z.string(),
  assertion_id: z.string(),
  /** The baseline said the same verdict every time; a noisy check is judged through figures. */
  stable: z.boolean(),
  /** The statuses the reruns gave, in order. */
  reruns: z.array(z.enum(["pass", "fail", "error"])),
  /** It failed again in most reruns: the break is real, not a draw. */
  reproduced: z.boolean(),
});
/** A flip. */
export type Flip = z.infer<typeof FlipSchema>;

/** The probe's walls, in the order a full probe proves them. */
export const PROBE_WALLS = [
  "mcp-promote",
  "policy-write",
  "cycle-write",
  "policy-digest",
  "approval-write",
  "approval-digest",
] as const;
/** A wall's name. */
export type ProbeWall = typeof PROBE_WALLS[number];

/** What one wall of the probe found. */
export const ProbeResultSchema = z.strictObject({
  wall: z.enum(PROBE_WALLS),
  outcome: z.enum([
    "intact",
    "collapsed",
    "enforced",
    "unenforced",
    "written",
    "not-written",
    "matches",
    "moved",
    "inconclusive",
  ]),
  /** Identifiers and flags only: what was tried and what answered. */
  detail: z.string(),
});
/** A probe result. */
export type ProbeResult = z.infer<typeof ProbeResultSchema>;

/** cycle.json: one scheduled asking of "did it get worse?", and the evidence it gathered. */
export const CycleSchema = z.strictObject({
  cycle_format: z.literal(CYCLE_FORMAT),
  /** `<suite>@<run id>`: names the cycle in the journal and the alert. */
  cycle_key: z.string(),
  suite: z.string(),
  tenant: z.string(),
  baseline_run: z.string().nullable(),
  /** The cycle's run, then each rerun. */
  runs: z.array(z.string()),
  /** The gate's code for the cycle's run: 0, 1, 2, or 64/70 when it could not be judged. */
  exit_code: z.number().int(),
  classification: z.enum(CLASSIFICATIONS),
  flips: z.array(FlipSchema),
  /** Canary checks whose verdict moved: a floor, always wakes. */
  canary_moved: z.array(z.string()),
  /** Figures that stayed worse after the reruns. */
  figures_worse: z.array(z.string()),
  /** Checks that errored: counted apart, an outage is not drift. */
  errored: z.array(z.string()),
  /** The errored checks grouped by cause ("4 checks errored: ..."); absent on older cycles. */
  errored_causes: z.array(z.string()).optional(),
  calls: z.number().int().nonnegative(),
  budget: z.number().int().positive(),
  max_reruns: z.number().int().nonnegative(),
  reruns_used: z.number().int().nonnegative(),
  structural_flip_cases: z.number().int().positive(),
  policy: z.strictObject({ name: z.string(), digest: z.string() }).nullable(),
  /** The whole operator.toml's digest (parsed), journaled so the next cycle sees a change. */
  config_digest: z.string().optional(),
  /** When the cycle was evaluated (UTC), for a decision that depends on the hour. */
  evaluated_at: z.iso.datetime(),
  probe: z.array(ProbeResultSchema),
});
/** A cycle. */
export type Cycle = z.infer<typeof CycleSchema>;

/**
 * Classifies a cycle from its evidence, in a fixed order: a run that could not be judged is a
 * system error; enough baseline-stable cases flipping at once is structural; a flip or a worse
 * figure that reproduced is drift; flips that did not reproduce are wobble; else steady. The
 * policy plays no part, so adding one can never change a classification.
 */
export function classifyCycle(evidence: {
  exitCode: number;
  flips: readonly Flip[];
  figuresWorse: readonly string[];
  structuralFlipCases: number;
}): Classification {
  // Anything but a gate's 0 or 1 (2, 64, 70, or 130 if a cycle is ever cancelled) is no verdict.
  if (evidence.exitCode !== 0 && evidence.exitCode !== 1) {
    return "system-error";
  }
  const stableCases = new Set(evidence.flips.filter((f) => f.stable).map((f) => f.case_id));
  if (stableCases.size >= evidence.structuralFlipCases) return "structural";
  if (evidence.flips.some((f) => f.reproduced) || evidence.figuresWorse.length > 0) return "drift";
  if (evidence.flips.length > 0) return "wobble";
  return "steady";
}

/** Whether a classification wakes somebody when no policy says otherwise. */
export function escalatesByDefault(classification: Classification): boolean {
  return classification === "drift" || classification === "structural" ||
    classification === "system-error";
}
