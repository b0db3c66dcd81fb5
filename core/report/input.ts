import type { StoreWhere } from "../printed_command.ts";
import type { Comparison } from "../compare/compare_runs.ts";
import type { BaselineDocument, Figure, RunDocument } from "../run/run_document.ts";
import { figureIntervals } from "../run/figure_interval.ts";
import type { Redactable } from "../suite/report_settings.ts";
import type { Interval } from "../statistics/wilson.ts";

/** One run of the suite as the chart over time needs it. */
export interface HistoryPoint {
  run_id: string;
  started_at: string;
  figures: readonly (Pick<Figure, "name" | "aggregate" | "group" | "value"> & {
    /** The figure's 95% interval over the cases it counted (figureInterval), or null. */
    interval: Interval | null;
  })[];
}

/** What every report format is rendered from: one comparison and what it compared. */
export interface ReportInput {
  comparison: Comparison;
  candidate: RunDocument;
  baseline: RunDocument;
  /** The approval the baseline came from; null when a run was named with --baseline. */
  approval: BaselineDocument | null;
  /** The suite's newest runs (HISTORY_RUNS at most), oldest first; only the HTML report reads them. */
  history: readonly HistoryPoint[];
  /** How many runs the suite has in all, when more than `history` holds. */
  historyTotal?: number;
  /** The payloads the runs had replaced by digests (redactRun), said in the report. */
  redacted?: readonly Redactable[];
  /** In the viewer: the address of a run's case page, so each flipped case links to both sides. */
  caseHref?: (runId: string, caseId: string) => string;
  /** The store as the command line named it, so a command the report prints runs as printed. */
  where?: StoreWhere;
  /** compare --baseline-ref: the approval came from git at this ref, the runs from CI's runner. */
  baselineRef?: string;
}

/**
 * The chart's view of a suite's runs: ids, start times and figure values, nothing else, so the
 * report never carries more of a run than it draws.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(historyPoints([]), []);
 * ```
 */
export function historyPoints(runs: readonly RunDocument[]): HistoryPoint[] {
  return runs.map((run) => {
    const intervals = figureIntervals(run);
    return {
      run_id: run.run_id,
      started_at: run.started_at,
      figures: run.figures.map((f) => ({
        name: f.name,
        aggregate: f.aggregate,
        group: f.group,
        value: f.value,
        interval: intervals[f.name] ?? null,
      })),
    };
  });
}
