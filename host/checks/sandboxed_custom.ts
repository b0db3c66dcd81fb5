import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import type { Score } from "../../core/run/verdict.ts";
import type { CheckSandbox } from "./sandbox.ts";

/**
 * Returns the assertions with every custom check asked of the sandbox instead of run here. A
 * check that throws there throws here with its message (judgeOutput names it); one that does
 * not finish within `timeoutMs` is an errored verdict.
 */
export function sandboxCustomChecks(
  assertions: readonly Assertion[],
  options: { sandbox: CheckSandbox; timeoutMs: number },
): Assertion[] {
  return assertions.map((assertion) => {
    if (assertion.kind !== "custom") return assertion;
    return {
      ...assertion,
      async check({ output, testCase, signal }) {
        const reply = await options.sandbox.check(assertion.id, {
          input: { output, testCase },
          timeoutMs: options.timeoutMs,
          ...(signal === undefined ? {} : { signal }),
        });
        if ("threw" in reply) throw new Error(reply.threw);
        if ("timedOut" in reply) {
          const timedOut: Score = {
            status: "error",
            reason: `check "${assertion.name}" did not finish within timeout_ms ` +
              `(${options.timeoutMs} ms); it was stopped`,
            metadata: { check_timed_out: true },
          };
          return timedOut;
        }
        return reply.answer as Score | boolean;
      },
    };
  });
}
