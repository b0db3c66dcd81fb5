import type { RunDocument } from "../run/run_document.ts";
import type { VerdictStatus } from "../run/verdict.ts";

/** Every baseline run's verdict statuses, by case id and then assertion id, in run order. */
export type CheckHistory = Map<string, Map<string, readonly VerdictStatus[]>>;

const ALONE: Readonly<Record<VerdictStatus, readonly VerdictStatus[]>> = {
  pass: Object.freeze(["pass"]),
  fail: Object.freeze(["fail"]),
  error: Object.freeze(["error"]),
};

/** Collects each case's and check's verdict statuses across runs, in run order. */
export function checkHistory(runs: readonly RunDocument[]): CheckHistory {
  const history: CheckHistory = new Map();
  for (const run of runs) {
    for (const c of run.cases) {
      let checks = history.get(c.case_id);
      if (checks === undefined) {
        checks = new Map();
        history.set(c.case_id, checks);
      }
      for (const v of c.verdicts) {
        const seen = checks.get(v.assertion_id);
        // One shared list per status until a second run adds to it: a baseline of one run
        // would otherwise allocate a list per check of every case.
        if (seen === undefined) checks.set(v.assertion_id, ALONE[v.status]);
        else checks.set(v.assertion_id, [...seen, v.status]);
      }
    }
  }
  return history;
}

/** A check's baseline verdicts as one state: "pass", or "2/3 pass" when they differed. */
export function summarise(statuses: readonly VerdictStatus[]): string {
  if (statuses.every((s) => s === statuses[0])) return statuses[0];
  if (statuses.includes("error")) return "error";
  return `${statuses.filter((s) => s === "pass").length}/${statuses.length} pass`;
}

/** Whether a check passed in every baseline run. */
export function stablePass(statuses: readonly VerdictStatus[]): boolean {
  return statuses.length > 0 && statuses.every((s) => s === "pass");
}
