import { z } from "zod";
import { backoffMsSchema, timeoutMsSchema } from "../timer_limits.ts";
import { JUDGE_FIELDS } from "./judge.ts";
import { templateFields } from "./template.ts";

/**
 * A judge's schema, apart from its code in judge.ts, which `run` loads without zod.
 *
 * @module
 */

/** The judge's own keys beside the model connection. */
export const JudgeShape = {
  /** What a good output is, in words the judge model reads. */
  rubric: z.string().min(1),
  /** The judge's prompt template; DEFAULT_JUDGE_PROMPT when absent. */
  prompt: z.string().min(1).optional(),
  /** Per call to the judge model. */
  timeout_ms: timeoutMsSchema(60_000),
  /**
   * Extra calls after a failed one (429, 5xx, a timeout); an answer that does not parse is not
   * retried. Four by default: with the 1 s backoff doubling, about 15 s of "503 Loading model"
   * is waited out (ADR 0125).
   */
  retries: z.number().int().nonnegative().max(10).default(4),
  backoff_ms: backoffMsSchema(1_000),
  /** How many times an abstention is asked again before it is an errored verdict. */
  abstention_retries: z.number().int().nonnegative().max(10).default(2),
};

/** A judge prompt names only fields a judge has, and shows the judge the output. */
export function checkJudgePrompt(prompt: string | undefined, ctx: z.RefinementCtx): void {
  if (prompt === undefined) return;
  const fields = templateFields(prompt);
  for (const field of fields) {
    if (!JUDGE_FIELDS.includes(field) && !field.startsWith("vars.")) {
      ctx.addIssue({
        code: "custom",
        path: ["prompt"],
        message: `the judge prompt names {{${field}}}; a judge prompt may name ` +
          `{{output}}, {{expected}}, {{rubric}}, {{vars}} and {{vars.NAME}}`,
      });
    }
  }
  if (!fields.includes("output")) {
    ctx.addIssue({
      code: "custom",
      path: ["prompt"],
      message: "the judge prompt never shows the judge the output: add {{output}}",
    });
  }
}
