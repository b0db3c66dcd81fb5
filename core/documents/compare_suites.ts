import { z } from "zod";
import type { GateVerdict } from "../compare/facts.ts";
import { type CompareDocument, CompareDocumentSchema } from "./compare.ts";
import { OUTPUT_VERSION } from "./version.ts";

/**
 * `compare --json` in a store of several suites with no RUN and no --suite: every suite's latest
 * run against its own approval, and the verdict of the whole gate.
 */
export const CompareSuitesOutputSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.literal("compare_suites"),
  /** The worst of the suites' verdicts. */
  verdict: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  exit_code: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** How many suites exited 0, 1 and 2. */
  counts: z.strictObject({
    not_worse: z.number().int(),
    worse: z.number().int(),
    not_judged: z.number().int(),
  }),
  /** Each suite's comparison, by suite name. */
  suites: z.array(CompareDocumentSchema),
});
/** The document of a gate over several suites. */
export type CompareSuitesOutput = z.infer<typeof CompareSuitesOutputSchema>;

/**
 * The worst verdict of several: a suite that could not be judged (2) outranks one that is worse
 * (1), as inside one comparison, because an unanswered suite could be hiding anything.
 */
export function worstVerdict(verdicts: readonly GateVerdict[]): GateVerdict {
  return verdicts.reduce<GateVerdict>((worst, v) => (v > worst ? v : worst), 0);
}

/** Builds the gate's document from each suite's comparison document. */
export function compareSuitesOutput(suites: readonly CompareDocument[]): CompareSuitesOutput {
  const verdict = worstVerdict(suites.map((s) => s.verdict as GateVerdict));
  const count = (v: number) => suites.filter((s) => s.verdict === v).length;
  return {
    output_version: OUTPUT_VERSION,
    kind: "compare_suites",
    verdict,
    exit_code: verdict,
    counts: { not_worse: count(0), worse: count(1), not_judged: count(2) },
    suites: [...suites],
  };
}
