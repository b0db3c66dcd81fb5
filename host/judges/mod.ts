/**
 * Judges: LLM-graded checks, bound to the run's model clients before the first case.
 *
 * @module
 */
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { isJudgeAssertion } from "../../core/suite/assertions/builtin.ts";
import { bindJudge, type BindJudgeOptions } from "./judge_check.ts";

export { bindJudge, type BindJudgeOptions } from "./judge_check.ts";

/**
 * Returns the assertions with every judge bound to a model client; the others as they are.
 * Reads each judge's key now, so a missing key is refused before anything is called.
 */
export function bindJudges(
  assertions: readonly Assertion[],
  options: BindJudgeOptions,
): Assertion[] {
  return assertions.map((a) => (isJudgeAssertion(a) ? bindJudge(a, options) : a));
}
