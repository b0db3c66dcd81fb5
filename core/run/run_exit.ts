import type { ErroredCause } from "./errored_causes.ts";
import { digline, type StoreWhere } from "../printed_command.ts";

/** What a stored run's exit code is read from: its errored checks and their causes. */
export interface JudgeableRun {
  run_id: string;
  checks: { error: readonly string[] };
  errored_causes?: readonly ErroredCause[];
}

/**
 * The exit code of `run` (and `rejudge`): 2 when any check errored or got no verdict, since such
 * a run can not be judged and can not be promoted; 0 otherwise. The run is stored either way.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(runExitCode({ run_id: "r", checks: { error: [] } }), 0);
 * equal(runExitCode({ run_id: "r", checks: { error: ["a · ok"] } }), 2);
 * ```
 */
export function runExitCode(run: JudgeableRun): 0 | 2 {
  return run.checks.error.length > 0 ? 2 : 0;
}

/**
 * The one line that says why a stored run exits 2: how many checks errored and the commonest
 * cause (already redacted in a summary), and what still applies to the stored run.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * const line = unjudgedRunLine({
 *   run_id: "r1",
 *   checks: { error: ["a · ok", "b · ok"] },
 *   errored_causes: [{ cause: "the target failed", count: 2, checks: ["a · ok", "b · ok"] }],
 * });
 * equal(line?.startsWith("digline: run r1 could not be judged (exit 2): 2 checks errored"), true);
 * ```
 */
export function unjudgedRunLine(run: JudgeableRun, where?: StoreWhere): string | undefined {
  const errored = run.checks.error.length;
  if (errored === 0) return undefined;
  const first = run.errored_causes?.[0]?.cause;
  return `digline: run ${run.run_id} could not be judged (exit 2): ${errored} ${
    errored === 1 ? "check" : "checks"
  } errored${first === undefined ? "" : `, first cause: ${first}`}. The run is stored: ` +
    `fix the cause, then call only its errored cases again with ${
      digline(`run --retry-errors ${run.run_id}`, where)
    }; or, when only a judge failed, grade its outputs again with ${
      digline(`rejudge ${run.run_id}`, where)
    }`;
}
