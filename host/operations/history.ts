import type { BaselineDocument, RunDocument } from "../../core/run_document.ts";
import type { RunStore } from "../store.ts";
import { selectSuite } from "./select_suite.ts";

/** The runs of a store, newest first, each marked when it is its suite's current baseline. */
export async function listRuns(
  store: RunStore,
  options: { suite?: string } = {},
): Promise<{ runs: RunDocument[]; baselines: Map<string, BaselineDocument> }> {
  const runs = (await store.runs({ suite: options.suite })).reverse();
  const baselines = new Map<string, BaselineDocument>();
  for (const suite of new Set(runs.map((r) => r.suite.name))) {
    const current = (await store.baselineHistory(suite)).at(-1);
    if (current !== undefined) baselines.set(suite, current);
  }
  return { runs, baselines };
}

/** One event in a suite's history. */
export type LogEvent =
  | { event: "run"; at: string; run: RunDocument }
  | { event: "promote"; at: string; baseline: BaselineDocument };

/** A suite's history: its runs and its promotions, oldest first. */
export async function suiteLog(
  store: RunStore,
  options: { suite?: string } = {},
): Promise<{ suite: string | undefined; events: LogEvent[] }> {
  const suite = await selectSuite(store, options.suite);
  if (suite === undefined) return { suite, events: [] };
  const events: LogEvent[] = [
    ...(await store.runs({ suite })).map((run) => ({
      event: "run" as const,
      at: run.started_at,
      run,
    })),
    ...(await store.baselineHistory(suite)).map((baseline) => ({
      event: "promote" as const,
      at: baseline.promoted_at,
      baseline,
    })),
  ];
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { suite, events };
}
