import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { isPureCustom } from "../../core/suite/assertions/pure_custom.ts";
import type { Score } from "../../core/verdict.ts";
import { DETERMINISM_SAMPLE, ImpureCheckError } from "../user_code/impure_check.ts";
import type { CheckSandbox, SandboxAnswer } from "./sandbox.ts";

/**
 * Returns the assertions with every custom check asked of the sandbox instead of run here. A
 * check that throws there throws here with its message (judgeOutput names it); one that does
 * not finish within `timeoutMs` is an errored verdict. The first inputs of each check declared
 * pure are asked twice: two different answers are kept in `impure`, which the run refuses on.
 */
export function sandboxCustomChecks(
  assertions: readonly Assertion[],
  options: { sandbox: CheckSandbox; timeoutMs: number; impure?: { found?: ImpureCheckError } },
): Assertion[] {
  return assertions.map((assertion) => {
    if (assertion.kind !== "custom") return assertion;
    // A custom check's id covers its suite's module graph; the sandbox knows it by its own.
    const known = (assertion as { sandbox_id?: string }).sandbox_id ?? assertion.id;
    let sampled = isPureCustom(assertion) ? 0 : DETERMINISM_SAMPLE;
    return {
      ...assertion,
      async check({ output, testCase, signal }) {
        const ask = () =>
          options.sandbox.check(known, {
            input: { output, testCase },
            timeoutMs: options.timeoutMs,
            ...(signal === undefined ? {} : { signal }),
          });
        const reply = await ask();
        if (sampled < DETERMINISM_SAMPLE && "answer" in reply) {
          sampled++;
          const again = await ask();
          const [first, second] = [shown(reply), shown(again)];
          if (first !== second && options.impure !== undefined) {
            options.impure.found ??= new ImpureCheckError({
              check: assertion.name,
              caseId: testCase.id,
              first,
              second,
            });
          }
        }
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
        if ("overMemory" in reply) {
          const overMemory: Score = {
            status: "error",
            reason: `check "${assertion.name}" was running when the check sandbox reached its ` +
              `${reply.overMemory} MB heap; it was stopped`,
            metadata: { check_over_memory: true },
          };
          return overMemory;
        }
        return reply.answer as Score | boolean;
      },
    };
  });
}

/** An answer as a short line, for the refusal that names two of them. */
function shown(reply: SandboxAnswer): string {
  const text = "answer" in reply
    ? JSON.stringify(reply.answer) ?? "undefined"
    : "threw" in reply
    ? `threw ${reply.threw}`
    : "timedOut" in reply
    ? "timed out"
    : "over the heap limit";
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
