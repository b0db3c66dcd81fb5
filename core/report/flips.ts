import type { FactKind } from "../compare/facts.ts";
import type { CaseResult } from "../run/run_document.ts";
import type { Verdict, VerdictStatus } from "../verdict.ts";
import type { ReportInput } from "./input.ts";

/** One check of a case whose state moved, with both sides' status and reason. */
export interface CheckFlip {
  kind: FactKind;
  assertion: string;
  from: VerdictStatus | null;
  to: VerdictStatus | null;
  /** Payload: why the check said so, on each side. */
  baselineReason?: string;
  candidateReason?: string;
}

/** One case with at least one flipped check, and what it answered on each side. */
export interface CaseFlip {
  case_id: string;
  checks: CheckFlip[];
  /** Payload: the case's output on each side; null when that side has no output. */
  baselineOutput: string | null;
  candidateOutput: string | null;
  /** Payload: why the target gave no output, on each side. */
  baselineError?: string;
  candidateError?: string;
}

/**
 * The cases whose checks moved (regressions, improvements, unjudged, canaries, calibration and
 * unreconciled checks), in the comparison's order, each with both sides' outputs.
 */
export function caseFlips(input: ReportInput): CaseFlip[] {
  const before = new Map(input.baseline.cases.map((c) => [c.case_id, c]));
  const after = new Map(input.candidate.cases.map((c) => [c.case_id, c]));
  const flips = new Map<string, CaseFlip>();
  for (const fact of input.comparison.facts) {
    if (fact.case_id === undefined || fact.assertion_id === undefined) continue;
    const old = before.get(fact.case_id);
    const now = after.get(fact.case_id);
    let flip = flips.get(fact.case_id);
    if (flip === undefined) {
      flip = {
        case_id: fact.case_id,
        checks: [],
        baselineOutput: old?.output ?? null,
        candidateOutput: now?.output ?? null,
        ...(old?.transport_error === undefined ? {} : { baselineError: old.transport_error }),
        ...(now?.transport_error === undefined ? {} : { candidateError: now.transport_error }),
      };
      flips.set(fact.case_id, flip);
    }
    const was = verdictOf(old, fact.assertion_id);
    const is = verdictOf(now, fact.assertion_id);
    flip.checks.push({
      kind: fact.kind,
      assertion: fact.assertion ?? fact.assertion_id,
      from: was?.status ?? null,
      to: is?.status ?? null,
      ...(was?.reason === undefined ? {} : { baselineReason: was.reason }),
      ...(is?.reason === undefined ? {} : { candidateReason: is.reason }),
    });
  }
  return [...flips.values()];
}

function verdictOf(c: CaseResult | undefined, assertionId: string): Verdict | undefined {
  return c?.verdicts.find((v) => v.assertion_id === assertionId);
}
