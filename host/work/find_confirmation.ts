import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { RunDocument } from "../../core/run/run_document.ts";
import type { RunStore } from "../store/store.ts";
import { chosenByTheseRuns } from "../../core/compare/baseline_split.ts";
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
  options: {
    store: RunStore;
    baselineRuns: readonly RunDocument[];
    id?: string;
    /**
     * The selection runs the approval records (absent: it records none), when the confirmation
     * must have been chosen by the runs that choose for it now: one chosen by others would have
     * the figure's test count runs that chose (ADR 0107).
     */
    selection?: { recorded?: readonly string[] };
  },
): Promise<ConfirmationDocument | undefined> {
  const runIds = options.baselineRuns.map((r) => r.run_id);
  const ids = runIds.join(" ");
  const found = await options.store.confirmations({
    suite: candidate.suite.name,
    runId: candidate.run_id,
  });
  const selection = options.selection;
  const named = found.filter((c) =>
    c.baseline_runs.join(" ") === ids &&
    (options.id === undefined || c.confirmation_id === options.id) &&
    (selection === undefined ||
      chosenByTheseRuns(c.plan.selection_runs, { runIds, recorded: selection.recorded }))
  );
  if (named.length === 0) return undefined;
  const binding = confirmationBinding(candidate, options.baselineRuns);
  return named.findLast((c) => isBoundTo(c, binding));
}
