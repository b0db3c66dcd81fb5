import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { RunDocument } from "../../core/run/run_document.ts";
import type { RunStore } from "../store.ts";

// Apart from confirm_run.ts, which loads the suite and the runner: every compare looks for a
// stored confirmation, and only `compare --confirm` draws one.

/** The stored confirmation of a run against exactly these baseline runs, if there is one. */
export async function findConfirmation(
  candidate: RunDocument,
  options: { store: RunStore; baselineRuns: readonly RunDocument[]; id?: string },
): Promise<ConfirmationDocument | undefined> {
  const ids = options.baselineRuns.map((r) => r.run_id).join(" ");
  const found = await options.store.confirmations({
    suite: candidate.suite.name,
    runId: candidate.run_id,
  });
  return found.findLast((c) =>
    c.baseline_runs.join(" ") === ids &&
    (options.id === undefined || c.confirmation_id === options.id)
  );
}
