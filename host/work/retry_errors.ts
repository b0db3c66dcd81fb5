import { runSuite, type RunSuiteOptions, type RunSuiteResult } from "./run_suite.ts";
import { resolveNamedRun } from "./select_suite.ts";

/** What `run --retry-errors` needs besides what it names. */
export type RetryErrorsOptions = Omit<RunSuiteOptions, "retryErrors" | "regrade">;

/**
 * `run --retry-errors [RUN]`: completes a stored run by calling again only its cases that errored,
 * and stores the completed run as a new run that names the original (by id and digest); the
 * original is kept. `named` is a run (an id, a unique prefix, `latest`) or a suite file, whose
 * latest run it completes; absent, the store's latest run. The suite is the run's own file.
 */
export async function retryErrorsRun(
  named: string | undefined,
  options: RetryErrorsOptions,
): Promise<RunSuiteResult> {
  if (named !== undefined && isFile(named)) {
    return await runSuite(named, { ...options, retryErrors: {} });
  }
  const run = await resolveNamedRun(options.store, named ?? "latest", {});
  return await runSuite(run.suite.source, { ...options, retryErrors: { run } });
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}
