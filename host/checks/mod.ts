/**
 * Checks as a run asks them: judges bound to the run's model clients, and regex checks run
 * under the target's timeout_ms in Workers that can be stopped.
 *
 * @module
 */
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { bindJudges } from "../judges/mod.ts";
import type { ModelPool } from "../models/pool.ts";
import { boundRegexChecks } from "./bounded_regex.ts";
import { openRegexPool } from "./regex_pool.ts";

/** The assertions a run asks, and what to release when it ends. */
export interface BoundChecks {
  assertions: Assertion[];
  /** Stops the Workers the checks started; the run calls it once it is done asking. */
  close(): void;
}

/** Binds every check that needs the host: judges to models, regexes to a bounded pool. */
export function bindChecks(
  assertions: readonly Assertion[],
  options: { models: ModelPool; timeoutMs: number },
): BoundChecks {
  const pool = openRegexPool();
  const judged = bindJudges(assertions, { models: options.models });
  return {
    assertions: boundRegexChecks(judged, { pool, timeoutMs: options.timeoutMs }),
    close: () => pool.close(),
  };
}
