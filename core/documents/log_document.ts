import type { BaselineDocument } from "../run/run_document.ts";
import type { RunSynopsis } from "../run/run_synopsis.ts";
import type { LogDocument } from "./history.ts";
import { OUTPUT_VERSION } from "./version.ts";

// Apart from history.ts's schemas, so `log` builds its document without loading zod.

/**
 * Builds the `log --json` document from a suite's runs and approvals; with `suite` null, from
 * several suites' at once, each event naming its suite. With `limit`, only the last `limit`
 * events are kept, and `total` (all the events there are) says how many were left out.
 */
export function logDocumentOf(
  suite: string | null,
  options: {
    runs: readonly RunSynopsis[];
    /** The runs' ids their suite's index does not list. */
    unlisted?: ReadonlySet<string>;
    baselines: readonly BaselineDocument[];
    total?: number;
    limit?: number;
  },
): LogDocument {
  const named = suite === null && (options.runs.length > 0 || options.baselines.length > 0);
  const events: LogDocument["events"] = [
    ...options.runs.map((run) => ({
      event: "run" as const,
      ...(named ? { suite: run.suite } : {}),
      at: run.started_at,
      run_id: run.run_id,
      git_commit: run.git_commit,
      cases: run.cases,
      cases_digest: run.cases_digest,
      config_hash: run.config_hash,
      ...(options.unlisted?.has(run.run_id) ? { unlisted: true as const } : {}),
      ...(run.label === undefined ? {} : { label: run.label }),
    })),
    ...options.baselines.map((b) => ({
      event: "promote" as const,
      ...(named ? { suite: b.suite } : {}),
      at: b.promoted_at,
      run_id: b.run_id,
      promoted_by: b.promoted_by,
      because: b.because,
    })),
  ];
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return {
    output_version: OUTPUT_VERSION,
    kind: "log",
    suite,
    total: options.total ?? events.length,
    events: options.limit === undefined ? events : events.slice(-options.limit),
  };
}
