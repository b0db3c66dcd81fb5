import type { RunDocument } from "../run/run_document.ts";
import type { CaseCell, CaseStrip } from "./site_model.ts";

/**
 * Each case's verdicts across runs (oldest first), one cell per run: fail when any check failed,
 * error when any errored and none failed, pass when every check passed. Cases that flip most come
 * first, then by id, so the flaky ones are at the top of the page.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(caseStrips([]).length, 0);
 * ```
 */
export function caseStrips(runs: readonly RunDocument[]): CaseStrip[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const run of runs) {
    for (const c of run.cases) {
      if (!seen.has(c.case_id)) {
        seen.add(c.case_id);
        ids.push(c.case_id);
      }
    }
  }
  const byRun = runs.map((run) => new Map(run.cases.map((c) => [c.case_id, c])));
  const strips = ids.map((case_id) => {
    const cells: CaseCell[] = runs.map((run, i) => {
      const result = byRun[i].get(case_id);
      if (result === undefined || result.verdicts.length === 0) {
        return { run_id: run.run_id, status: "absent" };
      }
      const statuses = result.verdicts.map((v) => v.status);
      const status = statuses.includes("fail")
        ? "fail"
        : statuses.includes("error")
        ? "error"
        : "pass";
      return { run_id: run.run_id, status };
    });
    return { case_id, cells, flips: flipCount(cells) };
  });
  return strips.sort((a, b) =>
    b.flips - a.flips || (a.case_id < b.case_id ? -1 : a.case_id > b.case_id ? 1 : 0)
  );
}

function flipCount(cells: readonly CaseCell[]): number {
  let flips = 0;
  let last: "pass" | "fail" | undefined;
  for (const cell of cells) {
    if (cell.status !== "pass" && cell.status !== "fail") continue;
    if (last !== undefined && cell.status !== last) flips++;
    last = cell.status;
  }
  return flips;
}
