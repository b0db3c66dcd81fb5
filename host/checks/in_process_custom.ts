import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import type { Score } from "../../core/verdict.ts";
import { withinDeadline } from "../user_code/load_deadline.ts";

class CheckTimedOut extends Error {}

/**
 * Returns the assertions with every custom check that answers a promise raced against
 * `timeoutMs`, for the checks of a suite built in memory, which run in this process: a promise
 * that never settles becomes an errored verdict. A check that loops synchronously can not be
 * stopped on this thread; a suite module's checks run in the sandbox, where it can.
 */
export function boundInProcessCustomChecks(
  assertions: readonly Assertion[],
  options: { timeoutMs: number },
): Assertion[] {
  return assertions.map((assertion) => {
    if (assertion.kind !== "custom") return assertion;
    return {
      ...assertion,
      check(input) {
        const answer = assertion.check(input);
        if (!(answer instanceof Promise)) return answer;
        return withinDeadline(answer, {
          ms: options.timeoutMs,
          onTimeout: () => new CheckTimedOut(),
        }).catch((error) => {
          if (!(error instanceof CheckTimedOut)) throw error;
          const timedOut: Score = {
            status: "error",
            reason: `check "${assertion.name}" did not settle within timeout_ms ` +
              `(${options.timeoutMs} ms)`,
            metadata: { check_timed_out: true },
          };
          return timedOut;
        });
      },
    };
  });
}
