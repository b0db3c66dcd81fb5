import type { CheckHistory } from "./check_history.ts";
import type { CaseResult } from "../run/run_document.ts";
import type { VerdictStatus } from "../verdict.ts";
import { poissonBinomialUpperTail } from "../statistics/poisson_binomial.ts";

/** The exact test of how many cases had a stable check fail, against the baseline's history. */
export interface FlipCountTest {
  /** Cases with a check that passed in every baseline run and fails now. */
  failed: number;
  /** How many such cases an unchanged system gives on average, given the history. */
  expected: number;
  /** Cases that could have been counted: some run of the B + 1 was a lone failure of a check. */
  at_risk: number;
  /** The chance of `failed` or more if nothing changed. */
  p_value: number;
  /** The share of the gate's alpha this test spends. */
  alpha: number;
  /**
   * When the baseline's runs disagree more than their cases explain (ADR 0123): the one-sided
   * p-value of the candidate's count of lone failures against each baseline run's own count
   * (loneFailuresByRun, Student's t), which a worse count must also clear; absent otherwise.
   */
  run_p_value?: number | null;
  /**
   * When they do not, in plain compare: the p-value with the runs' own variance of the count
   * added (ADR 0130), which a worse count must also clear; absent when not asked.
   */
  p_value_with_runs?: number;
}

/**
 * Tests whether more cases had a stable check fail than the baseline's own runs explain, with no
 * extra calls. If nothing changed, the candidate is one more run like the B baseline runs, and
 * for each case any of the B + 1 runs is equally likely to be the candidate. A case counts when
 * the candidate run has a check failing that passed in the other B; calling m the number of runs
 * of the B + 1 that are such a lone failure for the case, it counts with chance m / (B + 1),
 * independently of the other cases. The p-value is the exact upper tail of that sum
 * (Poisson-binomial): a conditional permutation test, valid for any pass rates, whose history
 * is what the baseline runs showed. A check with an errored verdict in any run is left out.
 */
export function flipCountTest(
  compared: readonly CaseResult[],
  options: { history: CheckHistory; runs: number; alpha: number },
): FlipCountTest {
  return failureCountTest(compared, { ...options, failures: 1 });
}

/**
 * The same exact test for checks that failed in exactly `failures` of the B + 1 runs, the
 * candidate among them: a case counts when the candidate run is one of such a check's failures,
 * with chance m / (B + 1) if nothing changed, m being the runs of the B + 1 that are one of the
 * failures of such a check of the case. With `failures` 2 it asks whether more checks that failed
 * once in the baseline fail now than its runs explain.
 */
export function failureCountTest(
  compared: readonly CaseResult[],
  options: { history: CheckHistory; runs: number; alpha: number; failures: number },
): FlipCountTest {
  const chances: number[] = [];
  let failed = 0;
  for (const c of compared) {
    const marked = markedRuns(c, options);
    if (marked === undefined) continue;
    const m = marked.filter(Boolean).length;
    if (m === 0) continue;
    chances.push(m / (options.runs + 1));
    if (marked[options.runs]) failed += 1;
  }
  return {
    failed,
    expected: chances.reduce((sum, p) => sum + p, 0),
    at_risk: chances.length,
    p_value: poissonBinomialUpperTail(chances, failed),
    alpha: options.alpha,
  };
}

/**
 * How many cases each of the B + 1 runs (the baseline's in order, the candidate last) has a lone
 * failure of a check in: a check that failed in that run and passed in the B others. The count
 * test takes cases as independent; these counts let the runs be the unit when they are not.
 */
export function loneFailuresByRun(
  compared: readonly CaseResult[],
  options: { history: CheckHistory; runs: number },
): number[] {
  const counts = new Array<number>(options.runs + 1).fill(0);
  for (const c of compared) {
    const marked = markedRuns(c, { ...options, failures: 1 });
    if (marked === undefined) continue;
    marked.forEach((m, r) => (counts[r] += m ? 1 : 0));
  }
  return counts;
}

/**
 * Which of the B + 1 runs hold a failure of one of the case's checks that failed in exactly
 * `failures` of them; undefined for a case the baseline never saw.
 */
function markedRuns(
  c: CaseResult,
  options: { history: CheckHistory; runs: number; failures: number },
): boolean[] | undefined {
  const seen = options.history.get(c.case_id);
  if (seen === undefined) return undefined;
  const marked = new Array<boolean>(options.runs + 1).fill(false);
  for (const v of c.verdicts) {
    const before = seen.get(v.assertion_id);
    if (before === undefined || before.length !== options.runs) continue;
    markFailures([...before, v.status], { marks: marked, failures: options.failures });
  }
  return marked;
}

/** Marks the runs whose verdicts are this check's failures, when it failed exactly so often. */
function markFailures(
  statuses: readonly VerdictStatus[],
  options: { marks: boolean[]; failures: number },
): void {
  if (statuses.includes("error")) return;
  const failures = statuses.flatMap((s, i) => s === "fail" ? [i] : []);
  if (failures.length !== options.failures) return;
  for (const i of failures) options.marks[i] = true;
}

/**
 * The count test's case-level variance (Σ m/(B + 1)·(1 − m/(B + 1)) over the cases at risk) and
 * each case's lone failures in the B baseline runs (1 or 0 a run), whose spread across runs
 * beyond what independent cases give is the count's run-level variance (runVariance).
 */
export function loneFailureSpread(
  compared: readonly CaseResult[],
  options: { history: CheckHistory; runs: number },
): { caseVariance: number; perCase: number[][] } {
  let caseVariance = 0;
  const perCase: number[][] = [];
  for (const c of compared) {
    const marked = markedRuns(c, { ...options, failures: 1 });
    if (marked === undefined) continue;
    const m = marked.filter(Boolean).length;
    if (m === 0) continue;
    const chance = m / (options.runs + 1);
    caseVariance += chance * (1 - chance);
    perCase.push(marked.slice(0, options.runs).map((x) => (x ? 1 : 0)));
  }
  return { caseVariance, perCase };
}
