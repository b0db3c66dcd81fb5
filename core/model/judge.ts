import type { JsonObject, JsonValue } from "../json.ts";
import { baseUrlOf, type ModelConnection, OPERATIONAL_MODEL_KEYS } from "./connection.ts";
import { PROVIDERS } from "./providers/mod.ts";
import { promptText, renderTemplate, varLookup } from "./template.ts";

/**
 * The judge's prompt when the suite gives none. It asks for one JSON object so the answer can
 * be parsed strictly, and offers the judge a way to abstain rather than guess.
 */
export const DEFAULT_JUDGE_PROMPT = `You are grading one output of a system against a rubric.

Rubric:
{{rubric}}

The input the system was given, as JSON:
{{vars}}

The expected answer, if the case has one:
{{expected}}

The system's output, between the markers:
<<<OUTPUT
{{output}}
OUTPUT>>>

Reply with one JSON object and nothing else:
{"verdict": "pass" or "fail", "score": a number from 0 to 1, "reason": "one short sentence"}
"score" and "reason" may be left out. If the rubric can not be applied to this output, reply
{"verdict": "abstain", "reason": "why"} instead of guessing.`;

/**
 * What a judge is told when its answer was not a verdict: the answer goes back as its own turn,
 * then this, naming why it was not one and restating the format. A judge at temperature 0
 * answers the same request the same way, so asking it the very same request again could not
 * change its answer (ADR 0126).
 *
 * @example
 * ```ts
 * import { match } from "node:assert/strict";
 * match(judgeFollowUp("the judge's answer is empty"), /^Your answer can not be read/);
 * ```
 */
export function judgeFollowUp(cause: string): string {
  return `Your answer can not be read as a verdict (${cause}). Reply again with one JSON object and nothing else:
{"verdict": "pass" or "fail", "score": a number from 0 to 1, "reason": "one short sentence"}
"score" and "reason" may be left out. If the rubric can not be applied to this output, reply
{"verdict": "abstain", "reason": "why"} instead of guessing.`;
}

/** The fields a judge prompt may name; `vars.NAME` names one var. */
export const JUDGE_FIELDS: readonly string[] = ["output", "expected", "rubric", "vars"];

/** A judge's settings, as the host needs them to ask the model. */
export interface JudgeSettings extends ModelConnection {
  name: string;
  rubric: string;
  prompt?: string;
  timeout_ms: number;
  retries: number;
  backoff_ms: number;
  abstention_retries: number;
}

/**
 * A judge's canonical definition, the digest of which is its assertion id: what it asks and of
 * which model, with defaults written out. How the model is reached and paced (the key's
 * variable, headers, rate limits, timeouts) is not part of it, and the key never is.
 */
export function judgeIdentity(definition: JudgeSettings & { description?: string }): JsonValue {
  const omitted = new Set([...OPERATIONAL_MODEL_KEYS, "description"]);
  const kept = Object.fromEntries(
    Object.entries(definition).filter(([key, value]) => !omitted.has(key) && value !== undefined),
  );
  return JSON.parse(JSON.stringify({
    ...kept,
    ...PROVIDERS[definition.provider].identityDefaults(definition),
    base_url: baseUrlOf(definition),
    prompt: definition.prompt ?? DEFAULT_JUDGE_PROMPT,
  }));
}

/** What a judge's prompt reads of a case (a suite's Case has these and more). */
export interface JudgedCase {
  id: string;
  vars: JsonObject;
  expected?: JsonValue;
  kind: string;
}

/**
 * The judge's prompt for one output: the output, the case's vars and expected value, and the
 * rubric, inserted into the template.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const prompt = renderJudgePrompt(
 *   { rubric: "polite", prompt: "{{rubric}} | {{vars.q}} | {{expected}} | {{output}}" },
 *   { output: "Sure!", testCase: { id: "c", vars: { q: "hi" }, kind: "normal" } },
 * );
 * assertEquals(prompt, "polite | hi | (none) | Sure!");
 * ```
 */
export function renderJudgePrompt(
  judge: { rubric: string; prompt?: string },
  input: { output: string; testCase: JudgedCase },
): string {
  const vars = varLookup(input.testCase.vars);
  return renderTemplate(judge.prompt ?? DEFAULT_JUDGE_PROMPT, (field) => {
    switch (field) {
      case "output":
        return input.output;
      case "rubric":
        return judge.rubric;
      case "expected":
        return input.testCase.expected === undefined
          ? "(none)"
          : promptText(input.testCase.expected);
      case "vars":
        return JSON.stringify(input.testCase.vars, null, 2);
      default:
        return field.startsWith("vars.") ? vars(field.slice("vars.".length)) : undefined;
    }
  });
}
