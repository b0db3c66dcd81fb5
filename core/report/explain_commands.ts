import { digline } from "../printed_command.ts";
import type { ReportInput } from "./input.ts";

/**
 * The commands that print every fact behind a report's verdict, runnable where the report is read:
 * `explain` of the run itself, or, against an approval at a ref (CI, whose runs stay on the
 * runner), the same run made again on the reader's machine and explained there.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const input = {
 *   comparison: { suite: "small", candidate_run: "r1" },
 *   candidate: { suite: { source: "evals/small.toml" } },
 * } as Parameters<typeof explainCommands>[0];
 * assertEquals(explainCommands(input), ["digline explain r1"]);
 * assertEquals(explainCommands({ ...input, baselineRef: "origin/main" }), [
 *   "digline run evals/small.toml --baseline-ref origin/main",
 *   "digline explain latest --suite small --baseline-ref origin/main",
 * ]);
 * ```
 */
export function explainCommands(
  input: Pick<ReportInput, "comparison" | "candidate" | "where" | "baselineRef">,
): string[] {
  if (input.baselineRef === undefined) {
    return [digline(`explain ${input.comparison.candidate_run}`, input.where)];
  }
  const ref = ` --baseline-ref ${input.baselineRef}`;
  return [
    digline(`run ${input.candidate.suite.source}${ref}`, input.where),
    digline(`explain latest --suite ${input.comparison.suite}${ref}`, input.where),
  ];
}
