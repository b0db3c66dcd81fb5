import type { CaseResult, RunDocument } from "../run/run_document.ts";
import { casesById } from "../run/cases_by_id.ts";
import type { Verdict, VerdictStatus } from "../verdict.ts";

/** One case's verdict statuses in every baseline run, by assertion id, in run order. */
export interface CaseHistory {
  get(assertionId: string): readonly VerdictStatus[] | undefined;
  /** How many checks the case has a verdict of. */
  readonly size: number;
}

/** Every baseline run's verdict statuses, by case id and then assertion id, in run order. */
export interface CheckHistory {
  get(caseId: string): CaseHistory | undefined;
}

const ALONE: Readonly<Record<VerdictStatus, readonly VerdictStatus[]>> = {
  pass: Object.freeze(["pass"]),
  fail: Object.freeze(["fail"]),
  error: Object.freeze(["error"]),
};

/** Collects each case's and check's verdict statuses across runs, in run order. */
export function checkHistory(
  runs: readonly RunDocument[],
  options: { approvedCases?: ReadonlyMap<string, CaseResult> } = {},
): CheckHistory {
  // One run's history is its cases' verdicts as they stand: read in place, rather than copied
  // into a map per case (at 100,000 cases those maps were most of what measuring the baseline
  // allocated and kept).
  const one = runs.length === 1 ? OneRunHistory.of(runs[0], options.approvedCases) : undefined;
  if (one !== undefined) return one;
  const history = new Map<string, Map<string, readonly VerdictStatus[]>>();
  for (const run of runs) {
    for (const c of run.cases) {
      let checks = history.get(c.case_id);
      if (checks === undefined) {
        checks = new Map();
        history.set(c.case_id, checks);
      }
      for (const v of c.verdicts) {
        const seen = checks.get(v.assertion_id);
        if (seen === undefined) checks.set(v.assertion_id, ALONE[v.status]);
        else checks.set(v.assertion_id, [...seen, v.status]);
      }
    }
  }
  return history;
}

/** The history of a baseline of one run, read from its cases. */
class OneRunHistory implements CheckHistory {
  readonly #cases: ReadonlyMap<string, CaseResult>;

  private constructor(cases: ReadonlyMap<string, CaseResult>) {
    this.#cases = cases;
  }

  /**
   * Undefined for a run that holds a case id twice, whose verdicts the general walk merges.
   * `byId` is the run's cases by id when the caller has them: one entry fewer than cases is a
   * repeated id.
   */
  static of(run: RunDocument, byId?: ReadonlyMap<string, CaseResult>): OneRunHistory | undefined {
    const cases = byId ?? casesById(run.cases);
    return cases.size === run.cases.length ? new OneRunHistory(cases) : undefined;
  }

  get(caseId: string): CaseHistory | undefined {
    const c = this.#cases.get(caseId);
    return c === undefined ? undefined : new OneCaseHistory(c.verdicts);
  }
}

class OneCaseHistory implements CaseHistory {
  readonly #verdicts: readonly Verdict[];

  constructor(verdicts: readonly Verdict[]) {
    this.#verdicts = verdicts;
  }

  get(assertionId: string): readonly VerdictStatus[] | undefined {
    let found: VerdictStatus[] | undefined;
    let first: VerdictStatus | undefined;
    const verdicts = this.#verdicts;
    for (let i = 0; i < verdicts.length; i++) {
      const v = verdicts[i];
      if (v.assertion_id !== assertionId) continue;
      if (first === undefined) first = v.status;
      else (found ??= [first]).push(v.status);
    }
    return found ?? (first === undefined ? undefined : ALONE[first]);
  }

  get size(): number {
    return new Set(this.#verdicts.map((v) => v.assertion_id)).size;
  }
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
