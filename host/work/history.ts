import type { BaselineDocument } from "../../core/run/run_document.ts";
import type { RunSynopsis } from "../../core/run/run_synopsis.ts";
import type { RunStore } from "../store/store.ts";

/**
 * The runs of a store, newest first (only the newest `newest` when given), each marked when it
 * is its suite's current baseline, and how many runs there are in all.
 */
export async function listRuns(
  store: RunStore,
  options: { suite?: string; newest?: number } = {},
): Promise<{
  runs: RunSynopsis[];
  unlisted: ReadonlySet<string>;
  total: number;
  baselines: Map<string, BaselineDocument>;
}> {
  const listing = await store.listing(options);
  const runs = listing.runs.reverse();
  const baselines = new Map<string, BaselineDocument>();
  for (const suite of new Set(runs.map((r) => r.suite))) {
    const current = (await store.baselineHistory(suite)).at(-1);
    if (current !== undefined) baselines.set(suite, current);
  }
  return {
    runs,
    unlisted: listing.unlisted,
    total: await store.runCount({ suite: options.suite }),
    baselines,
  };
}
