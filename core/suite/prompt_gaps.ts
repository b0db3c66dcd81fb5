import type { Assertion } from "./assertions/assertion.ts";
import { isJudgeAssertion } from "./assertions/builtin.ts";
import type { Case } from "./case.ts";
import { checksAskedOf } from "./dispatch.ts";
import type { TargetSpec } from "./target_spec.ts";
import { templateFields, varLookup } from "../model/template.ts";

/** A case that lacks a var a prompt template names, found before anything is called. */
export interface PromptGap {
  /** The index of the case in the suite. */
  index: number;
  caseId: string;
  /** The var the template names, as written after `vars.` for a judge. */
  field: string;
  /** Whose template: "the target's prompt" or `judge "name"`. */
  who: string;
}

/**
 * Every case a prompt template would be rendered for, and a var it names that the case does
 * not have: the provider target's prompt for every case that is called, and each judge's
 * `{{vars.NAME}}` for the cases asked that judge. A suspended case is called for nothing, and a
 * calibration case with a fixed output does not call the target.
 */
export function promptGaps(
  suite: { target: TargetSpec; assertions: readonly Assertion[]; cases: readonly Case[] },
): PromptGap[] {
  const gaps: PromptGap[] = [];
  const targetFields = suite.target.kind === "provider" ? templateFields(suite.target.prompt) : [];
  suite.cases.forEach((testCase, index) => {
    if (testCase.kind === "suspended") return;
    const has = varLookup(testCase.vars);
    // A calibration case with a fixed output never reaches the target.
    for (const field of testCase.output === undefined ? targetFields : []) {
      if (has(field) === undefined) {
        gaps.push({ index, caseId: testCase.id, field, who: "the target's prompt" });
      }
    }
    for (const assertion of checksAskedOf(testCase, suite.assertions)) {
      if (!isJudgeAssertion(assertion) || assertion.judge.prompt === undefined) continue;
      for (const field of templateFields(assertion.judge.prompt)) {
        if (!field.startsWith("vars.")) continue;
        const name = field.slice("vars.".length);
        if (has(name) === undefined) {
          gaps.push({ index, caseId: testCase.id, field: name, who: `judge "${assertion.name}"` });
        }
      }
    }
  });
  return gaps;
}

/**
 * Whether a prompt template promptGaps reads names a case's vars: when none does, no case can
 * have a gap whatever its vars, so a loader that drops a case's vars (a shard's loader, for the
 * cases of other shards) loses nothing promptGaps would have found.
 */
export function promptsNameVars(
  suite: { target: TargetSpec; assertions: readonly Assertion[] },
): boolean {
  if (suite.target.kind === "provider" && templateFields(suite.target.prompt).length > 0) {
    return true;
  }
  return suite.assertions.some((assertion) =>
    isJudgeAssertion(assertion) && assertion.judge.prompt !== undefined &&
    templateFields(assertion.judge.prompt).some((field) => field.startsWith("vars."))
  );
}
