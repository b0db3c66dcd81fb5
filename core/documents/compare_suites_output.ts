import type { GateVerdict } from "../compare/facts.ts";
import type { CompareDocument } from "./compare_document.ts";
import type { CompareSuitesOutput } from "./compare_suites.ts";
import { OUTPUT_VERSION } from "./version.ts";

// The gate's document's code apart from its schema (core/documents/compare_suites.ts), so
// compare loads no zod (ADR 0077).

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
