import type { DecisionLine } from "../operator/journal.ts";
import type { BaselineDocument } from "../run/run_document.ts";
import type { RunSynopsis } from "../run/run_synopsis_schema.ts";

/** How the suite's latest run reads against its approval, as `compare` would say it. */
export type LatestVerdict =
  | { kind: "judged"; verdict: 0 | 1 | 2; headline: string; run_id: string }
  | { kind: "refused"; message: string }
  | { kind: "none" };

/** One suite as the site's first page shows it. */
export interface SuiteOverview {
  suite: string;
  /** How many runs the store holds for it. */
  runCount: number;
  /** The newest run this store wrote (its index lists it), when there is one. */
  latest: RunSynopsis | null;
  /** The current approval, when there is one. */
  approval: BaselineDocument | null;
  verdict: LatestVerdict;
  /** The figure that gates, and its values over the newest runs (oldest first). */
  primary: { name: string; values: (number | null)[] } | null;
}

/** One case's verdicts across the newest runs of a suite: a cell per run, oldest first. */
export interface CaseStrip {
  case_id: string;
  /** "pass", "fail", "error", or "absent" when the run did not hold the case. */
  cells: CaseCell[];
  /** How many times the case changed between pass and fail across the cells. */
  flips: number;
}

/** One cell of a case strip. */
export interface CaseCell {
  run_id: string;
  status: "pass" | "fail" | "error" | "absent";
}

/** Everything the suite page draws. */
export interface SuiteHistory {
  suite: string;
  /** The runs the charts and table draw, oldest first (the newest CHART_RUNS at most). */
  runs: RunSynopsis[];
  /** Those of them the suite's index does not list: not written by this store (ADR 0113). */
  unlisted?: ReadonlySet<string>;
  /** How many runs the suite has in all. */
  runCount: number;
  /** Its primary figure's name, when it has aggregates. */
  primary: string | null;
  approvals: BaselineDocument[];
  decisions: DecisionLine[];
  strips: CaseStrip[];
  /** How many runs the strips cover. */
  stripRuns: number;
}

/** How a page marks a run its suite's index does not list. */
export const UNLISTED_WORDS =
  "not written by this store: its suite's index does not list it, so it is never the latest run";

/** What the approvals and decisions page lists. */
export interface JournalView {
  approvals: BaselineDocument[];
  decisions: DecisionLine[];
}
