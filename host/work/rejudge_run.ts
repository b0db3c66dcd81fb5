import type { RunDocument } from "../../core/run/run_document.ts";
import { RejudgeRefusedError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";
import { runSuite, type RunSuiteOptions, type RunSuiteResult } from "./run_suite.ts";
import { resolveNamedRun } from "./select_suite.ts";

/** What `rejudge` needs besides the run. */
export interface RejudgeOptions extends Omit<RunSuiteOptions, "regrade"> {
  store: RunStore;
  suite?: string;
  /** The suite file whose checks grade the outputs; the run's own suite source by default. */
  suiteFile?: string;
}

/**
 * Grades a stored run's outputs again under the suite's current checks and stores the result
 * as a new run that records which run it re-graded (`rejudged_from`). Judges are asked; the
 * target is never called. Journaled and resumable like `run`.
 */
export async function rejudgeRun(ref: string, options: RejudgeOptions): Promise<RunSuiteResult> {
  // An id names its own suite, as compare, explain and promote read it; `latest` needs one.
  const run = await resolveNamedRun(options.store, ref, { suite: options.suite });
  refuseSampled(run, options.store);
  // Its outputs would come back as a run this store wrote, and that run would be latest.
  options.store.refuseUnlisted(run, "re-graded");
  return await runSuite(options.suiteFile ?? run.suite.source, { ...options, regrade: run });
}

/**
 * A run with repeats holds several answers per case, reduced to one verdict; grading only the
 * first again would change what the reduction measured, so it is refused (ADR 0052).
 */
function refuseSampled(run: RunDocument, store: RunStore): void {
  const sampled = run.cases.filter((c) => c.samples !== undefined).map((c) => c.case_id);
  if (sampled.length > 0) {
    throw new RejudgeRefusedError(run.run_id, {
      sampled,
      source: run.suite.source,
      where: store.where,
    });
  }
}
