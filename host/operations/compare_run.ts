import { compareRuns, type Comparison } from "../../core/compare.ts";
import type { BaselineDocument, RunDocument } from "../../core/run_document.ts";
import type { RunStore } from "../store.ts";
import { selectSuite } from "./select_suite.ts";

/** What `compare`, `explain` and `report` need to find both sides. */
export interface CompareOptions {
  store: RunStore;
  suite?: string;
  /** A run to compare against instead of the approved baseline. */
  baseline?: string;
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
  return {
    comparison: compareRuns(baselineRuns, candidate),
    candidate,
    baselineRun: baselineRuns[0],
    baselineRuns,
    approval,
  };
}
