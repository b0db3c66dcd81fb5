import { z } from "zod";
import { CompareDocumentSchema } from "./compare_document.ts";
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
