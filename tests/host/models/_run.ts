// Runs in-memory suites through the real driver with a provider target and bound judges.
import type { Assertion } from "../../../core/suite/assertions/assertion.ts";
import type { CaseInput } from "../../../core/suite/case.ts";
import type { CaseResult } from "../../../core/run/run_document.ts";
import type { RunSettings, TargetSpec } from "../../../core/suite/target_spec.ts";
import { executeCases, type ExecuteOptions } from "../../../host/running/driver.ts";
import { bindJudges } from "../../../host/judges/mod.ts";
import type { ModelPool } from "../../../host/models/pool.ts";
import type { Pace } from "../../../host/models/rate_limiter.ts";
import { openTarget } from "../../../host/targets/mod.ts";
import { testSuite } from "../../fixtures/targets/suites.ts";
import { testPool } from "../../fixtures/models/suites.ts";

/** What a test varies: the target, the checks, the settings and the world. */
export interface ModelRunOptions {
  target: TargetSpec;
  assertions?: Assertion[];
  settings?: Partial<RunSettings>;
  models?: ModelPool;
  /** The judges' clock and timer; real time by default. */
  pace?: Pace;
  execute?: Partial<ExecuteOptions>;
}

/** Runs cases through the driver as `digline run` does, returning their results. */
export async function runModelCases(
  cases: CaseInput[],
  options: ModelRunOptions,
): Promise<CaseResult[]> {
  const models = options.models ?? testPool();
  const suite = testSuite(cases, {
    target: options.target,
    settings: { retries: 0, ...options.settings },
    ...(options.assertions === undefined ? {} : { assertions: options.assertions }),
  });
  const assertions = bindJudges(suite.assertions, {
    models,
    random: () => 0,
    ...(options.pace === undefined ? {} : { pace: options.pace }),
  });
  const target = openTarget(suite.target, { suiteDir: ".", models });
  try {
    return await executeCases({ ...suite, assertions }, {
      target,
      random: () => 0,
      ...options.execute,
    });
  } finally {
    await target.close();
  }
}
