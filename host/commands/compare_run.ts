import { compareRuns, type Comparison } from "../../core/compare/compare.ts";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import { PartialRunError } from "../refusals.ts";
import type { RunStore } from "../store.ts";
import { type ConfirmOptions, confirmRun, findConfirmation } from "./confirm_run.ts";
import { selectSuite } from "./select_suite.ts";

/** What `compare`, `explain` and `report` need to find both sides. */
export interface CompareOptions {
  store: RunStore;
  suite?: string;
  /** A run to compare against instead of the approved baseline. */
  baseline?: string;
  /**
   * Draw again what is ambiguous (compare --confirm) unless the run already has confirmation
   * draws against this baseline; a stored confirmation is used either way.
   */
  confirm?: boolean;
  onRound?: ConfirmOptions["onRound"];
  confirmLimits?: ConfirmOptions["limits"];
}

/** Both sides of a comparison and its result. */
export interface CompareResult {
  comparison: Comparison;
  candidate: RunDocument;
  baselineRun: RunDocument;
  /** The approval the baseline run came from; null when --baseline named a run directly. */
  approval: BaselineDocument | null;
  /** Every run the baseline is made of, the approved one first. */
  baselineRuns: RunDocument[];
  /** The confirmation draws the verdict used, if any. */
  confirmation?: ConfirmationDocument;
}

/** Compares a run (default: the suite's latest) with its approved baseline or a named run. */
export async function compareRun(
  ref: string | undefined,
  options: CompareOptions,
): Promise<CompareResult> {
  const suite = await selectSuite(options.store, options.suite);
  const candidate = await options.store.resolveRun(ref ?? "latest", { suite });
  let approval: BaselineDocument | null = null;
  const baselineRuns: RunDocument[] = [];
  if (options.baseline !== undefined) {
    baselineRuns.push(await options.store.resolveRun(options.baseline, { suite }));
  } else {
    approval = await options.store.currentBaseline(candidate.suite.name);
    for (const id of approval.runs ?? [approval.run_id]) {
      baselineRuns.push(await options.store.resolveRun(id, { suite: candidate.suite.name }));
    }
  }
  for (const run of [candidate, ...baselineRuns]) refusePartial(run, "compare");
  let confirmation = await findConfirmation(candidate, { store: options.store, baselineRuns });
  if (confirmation === undefined && options.confirm === true) {
    confirmation = (await confirmRun(candidate, {
      store: options.store,
      baselineRuns,
      onRound: options.onRound,
      limits: options.confirmLimits,
    })).confirmation;
  }
  return {
    comparison: compareRuns(baselineRuns, candidate, { confirmation }),
    confirmation,
    candidate,
    baselineRun: baselineRuns[0],
    baselineRuns,
    approval,
  };
}

/** Refuses a shard run where a whole run is meant. */
export function refusePartial(run: RunDocument, doing: string): void {
  if (run.shard === undefined) return;
  throw new PartialRunError(run.run_id, {
    suite: run.suite.name,
    shard: `${run.shard.index}/${run.shard.count}`,
    doing,
  });
}
