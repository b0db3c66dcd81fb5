import type { RunSummary } from "../../core/documents/runs.ts";
import { runSummary } from "../../core/documents/run_summary.ts";
import { runSuite, type RunSuiteOptions } from "./run_suite.ts";

// Apart from documents.ts so that `run` loads no code of compare, merge or promote before its
// first case: those modules cost the run's start about 60 ms.

/** Runs a suite and describes the stored run. */
export async function runSuiteDocument(
  suitePath: string,
  options: RunSuiteOptions,
): Promise<RunSummary> {
  const { run, path, reused } = await runSuite(suitePath, options);
  return runSummary(run, { kind: "run", path, ...(options.resume ? { resumed: reused } : {}) });
}
