import { shortDigest } from "../digest.ts";
import { renderTemplate, TemplateFieldError, varLookup } from "../model/template.ts";
import type { Case } from "../suite/case.ts";
import type { CaseResult } from "./run_document.ts";

/** What a case result records about the case's inputs, so a later comparison can re-check it. */
export type CaseInputs = Pick<CaseResult, "inputs_digest" | "expected">;

/**
 * The digest of what the target is asked for one case (its vars, and a calibration case's
 * fixed output) and the case's `expected`. Two runs whose digests differ for a case asked the
 * target different questions, so their outputs can not be compared without asking again.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
 * const a = caseInputs({ vars: { q: "1" }, expected: "x" });
 * const b = caseInputs({ vars: { q: "1" }, expected: "y" });
 * assertEquals(a.inputs_digest, b.inputs_digest);
 * notDeepStrictEqual(a.expected, b.expected);
 * ```
 */
export function caseInputs(testCase: Pick<Case, "vars" | "expected" | "output">): CaseInputs {
  return {
    inputs_digest: inputsDigest(testCase),
    ...(testCase.expected === undefined ? {} : { expected: testCase.expected }),
  };
}

/** The digest `caseInputs` records for a case: of its vars and a calibration case's output. */
export function inputsDigest(testCase: Pick<Case, "vars" | "output">): string {
  return shortDigest({ vars: testCase.vars, output: testCase.output ?? null });
}

/**
 * Each case result with its case's inputs recorded beside it: the digest, the `expected`, the
 * vars (payload, redacted as `vars`) and, where `prompt` says one was sent, the prompt. `known`
 * holds inputs digests already made (a run digests each case's as it finishes, in the time it
 * waits for the target); they must be `inputsDigest` of the same cases.
 */
export function withCaseInputs(
  results: readonly CaseResult[],
  cases: readonly Pick<Case, "id" | "vars" | "expected" | "output">[],
  options: {
    known?: ReadonlyMap<string, string>;
    /** The prompt the target was sent for a case, or undefined when none was. */
    prompt?: (result: CaseResult, testCase: Pick<Case, "vars" | "output">) => string | undefined;
  } = {},
): CaseResult[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  return results.map((r) => {
    const testCase = byId.get(r.case_id);
    if (testCase === undefined) return r;
    const prompt = options.prompt?.(r, testCase);
    return {
      ...r,
      inputs_digest: options.known?.get(r.case_id) ?? inputsDigest(testCase),
      ...(testCase.expected === undefined ? {} : { expected: testCase.expected }),
      // The case's own object, not a copy: the run holds the suite's cases until it is stored.
      ...(Object.keys(testCase.vars).length === 0 ? {} : { vars: testCase.vars }),
      ...(prompt === undefined ? {} : { prompt }),
    };
  });
}

/**
 * The user turn a model target sends for a case: its prompt template filled with the case's vars,
 * as the provider target fills it. Undefined for any other target, for a case the target was not
 * asked (a suspended case, a calibration case's fixed output, a case that made no attempt) and
 * for a template the vars can not fill (the case errored before anything was sent).
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * const target = { kind: "provider", prompt: "Q: {{q}}" };
 * const result = { attempts: 1 };
 * equal(sentPrompt(target, result, { vars: { q: "why?" } }), "Q: why?");
 * equal(sentPrompt(target, result, { vars: {} }), undefined);
 * ```
 */
export function sentPrompt(
  target: { kind: string; prompt?: string },
  result: Pick<CaseResult, "attempts">,
  testCase: Pick<Case, "vars" | "output">,
): string | undefined {
  if (target.kind !== "provider" || target.prompt === undefined) return undefined;
  if (result.attempts === 0 || testCase.output !== undefined) return undefined;
  try {
    return renderTemplate(target.prompt, varLookup(testCase.vars));
  } catch (error) {
    if (error instanceof TemplateFieldError) return undefined;
    throw error;
  }
}
