import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import type { Score } from "../../core/verdict.ts";
import { linearRegex } from "./linear_regex.ts";
import type { RegexPool } from "./regex_pool.ts";

/**
 * Returns the assertions with every `regex` check bounded, so no pattern holds a run past
 * `timeoutMs` (the target's timeout_ms): in V8's linear-time engine where it can run, else in
 * the Worker pool under the deadline; the others as they are. A check out of time is an
 * errored verdict naming the pattern.
 */
export function boundRegexChecks(
  assertions: readonly Assertion[],
  options: { pool: RegexPool; timeoutMs: number },
): Assertion[] {
  return assertions.map((assertion) => {
    if (assertion.kind !== "regex") return assertion;
    const { pattern, flags } = assertion.definition as { pattern: string; flags: string };
    const linear = linearRegex(pattern, flags);
    if (linear !== undefined) {
      return {
        ...assertion,
        check: ({ output }): Score =>
          linear.test(output)
            ? { status: "pass" }
            : { status: "fail", reason: `does not match /${pattern}/${flags}` },
      };
    }
    return {
      ...assertion,
      async check({ output }): Promise<Score> {
        const answer = await options.pool.test({ pattern, flags }, {
          text: output,
          timeoutMs: options.timeoutMs,
        });
        if ("timedOut" in answer) {
          return {
            status: "error",
            reason: `regex /${pattern}/${flags} did not finish within timeout_ms ` +
              `(${options.timeoutMs} ms) on this output: it backtracks without end; rewrite ` +
              "the pattern so that no part can match the same text in many ways",
            metadata: { regex_timed_out: true },
          };
        }
        return answer.matched
          ? { status: "pass" }
          : { status: "fail", reason: `does not match /${pattern}/${flags}` };
      },
    };
  });
}
