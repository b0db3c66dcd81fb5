import type { BaselineDocument } from "../../core/run/run_document.ts";
import type { RunSynopsis } from "../../core/run/run_synopsis.ts";
import type { RunStore } from "../store.ts";

/** The runs of a store, newest first, each marked when it is its suite's current baseline. */
export async function listRuns(
  store: RunStore,
  options: { suite?: string } = {},
): Promise<{ runs: RunSynopsis[]; baselines: Map<string, BaselineDocument> }> {
  const runs = (await store.synopses({ suite: options.suite })).reverse();
  const baselines = new Map<string, BaselineDocument>();
  for (const suite of new Set(runs.map((r) => r.suite))) {
    const current = (await store.baselineHistory(suite)).at(-1);
    if (current !== undefined) baselines.set(suite, current);
  }
  return { runs, baselines };
}
