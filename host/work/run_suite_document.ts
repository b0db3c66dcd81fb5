import type { RunSummary } from "../../core/documents/runs.ts";
import { runSummary } from "../../core/documents/run_summary.ts";
import { runSuite, type RunSuiteOptions, type RunSuiteResult } from "./run_suite.ts";
import type { RetryErrorsOptions } from "./retry_errors.ts";

// Apart from documents.ts so that `run` loads no code of compare, merge or promote before its
// first case: those modules cost the run's start about 60 ms.

/** Runs a suite and describes the stored run. */
export async function runSuiteDocument(
  suitePath: string,
  options: RunSuiteOptions,
): Promise<RunSummary> {
  return storedRunDocument(await runSuite(suitePath, options), options);
}

/** Completes a stored run's errored cases (`run --retry-errors`) and describes the new run. */
export async function retryErrorsDocument(
  named: string | undefined,
  options: RetryErrorsOptions,
): Promise<RunSummary> {
  const { retryErrorsRun } = await import("./retry_errors.ts");
  return storedRunDocument(await retryErrorsRun(named, options), {});
}

/** A run `run` or `rejudge` stored, described; with the cases a resume reused when it was one. */
export function storedRunDocument(
  stored: RunSuiteResult,
  options: { resume?: boolean },
): RunSummary {
  return runSummary(stored.run, {
    kind: "run",
    path: stored.path,
    ...(options.resume ? { resumed: stored.reused } : {}),
  });
}
