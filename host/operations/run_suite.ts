import { computeFigures } from "../../core/aggregate.ts";
import { RUN_SCHEMA_VERSION, type RunDocument } from "../../core/run_document.ts";
import { targetIdentity } from "../../core/target_spec.ts";
import { type Clock, newRunId, systemClock } from "../clock.ts";
import { executeCases } from "../driver.ts";
import { gitStamp } from "../git_stamp.ts";
import type { RunStore } from "../store.ts";
import { loadSuite } from "../suite_loader/mod.ts";
import { openTarget } from "../targets/mod.ts";

/** Progress of a run, as the driver reports it after each case. */
export interface RunProgress {
  done: number;
  total: number;
  errored: number;
  caseId: string;
}

/** What `run` needs beyond the suite path. */
export interface RunSuiteOptions {
  store: RunStore;
  clock?: Clock;
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
}

/** The stored run and where it was written. */
export interface RunSuiteResult {
  run: RunDocument;
  path: string;
}

/** Loads a suite, runs every case against its target, computes the figures and stores the run. */
export async function runSuite(
  suitePath: string,
  options: RunSuiteOptions,
): Promise<RunSuiteResult> {
  const clock = options.clock ?? systemClock;
  const loaded = await loadSuite(suitePath);
  const suite = loaded.suite;
  const startedAt = clock.now();
  const commit = await gitStamp(loaded.dir);
  const target = openTarget(suite.target, { suiteDir: loaded.dir });
  let cases;
  try {
    cases = await executeCases(suite, {
      target,
      onCaseDone: options.onProgress,
      signal: options.signal,
    });
  } finally {
    await target.close();
  }
  const assertions = suite.assertions.map((a) => ({ id: a.id, name: a.name, kind: a.kind }));
  const calibrations = new Map(
    suite.cases.filter((c) => c.kind === "calibration").map((c) => [c.id, c.expected_verdict]),
  );
  for (const result of cases) {
    if (calibrations.has(result.case_id)) {
      result.expected_verdict = calibrations.get(result.case_id) ?? "pass";
    }
  }
  const run: RunDocument = {
    schema_version: RUN_SCHEMA_VERSION,
    run_id: newRunId(startedAt),
    tenant: options.store.tenant,
    suite: {
      name: suite.name,
      cases_digest: suite.cases_digest,
      config_hash: suite.config_hash,
      source: loaded.source,
    },
    target: targetIdentity(suite.target),
    git_commit: commit,
    started_at: startedAt.toISOString(),
    finished_at: clock.now().toISOString(),
    assertions,
    cases,
    figures: computeFigures(suite.aggregates, { assertions, cases }),
  };
  const path = await options.store.writeRun(run);
  return { run, path };
}
