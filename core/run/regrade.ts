import type { Case } from "../suite/case.ts";
import { caseInputs } from "./case_inputs.ts";
import type { RunDocument } from "./run_document.ts";

/** The cases a re-grade asks: each with the stored output as its fixed answer. */
export interface RegradePlan {
  /** The suite's cases the run answered with the same inputs, each carrying its stored output. */
  cases: Case[];
  /** The suite's cases the run did not answer, or answered for other inputs: left out. */
  left_out: string[];
}

/**
 * Which of the suite's cases a stored run can be re-graded on, and with what output. A case the
 * run does not have, or had with other vars (its recorded inputs differ), is left out: its
 * stored output answered another question. A case the target never answered keeps no output,
 * so grading it is an errored verdict rather than a call.
 */
export function regradePlan(cases: readonly Case[], run: RunDocument): RegradePlan {
  const stored = new Map(run.cases.map((c) => [c.case_id, c]));
  const kept: Case[] = [];
  const leftOut: string[] = [];
  for (const testCase of cases) {
    const old = stored.get(testCase.id);
    const same = old !== undefined &&
      (old.inputs_digest === undefined ||
        old.inputs_digest === caseInputs(testCase).inputs_digest);
    if (!same) {
      leftOut.push(testCase.id);
      continue;
    }
    // A calibration case with a fixed output was never the target's answer: it keeps its own.
    const output = testCase.output ?? old.output;
    // Each stored answer is graded once: asking for repeats would grade the same text again.
    const { repeats: _repeats, ...once } = testCase;
    kept.push(output === undefined ? once : { ...once, output });
  }
  return { cases: kept, left_out: leftOut };
}
