import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { RunDocument } from "../../core/run/run_document.ts";
import type { RunStore } from "../store/store.ts";
import { confirmationBinding, isBoundTo } from "./confirmation_binding.ts";

// Apart from confirm_run.ts, which loads the suite and the runner: every compare looks for a
// stored confirmation, and only `compare --confirm` draws one.

/**
 * The stored confirmation of a run against exactly these baseline runs, if there is one that is
 * bound to the documents as read now (their digests): a confirmation written by anything but
 * compare, or for other documents under the same ids, is not one.
 */
export async function findConfirmation(
  candidate: RunDocument,
  options: { store: RunStore; baselineRuns: readonly RunDocument[]; id?: string },
): Promise<ConfirmationDocument | undefined> {
  const ids = options.baselineRuns.map((r) => r.run_id).join(" ");
  const found = await options.store.confirmations({
    suite: candidate.suite.name,
    runId: candidate.run_id,
  });
  const named = found.filter((c) =>
    c.baseline_runs.join(" ") === ids &&
    (options.id === undefined || c.confirmation_id === options.id)
  );
  if (named.length === 0) return undefined;
  const binding = confirmationBinding(candidate, options.baselineRuns);
  return named.findLast((c) => isBoundTo(c, binding));
}
