import { z } from "zod";

/** A judge's answer, parsed: a verdict, or an abstention with the reason it is one. */
export type JudgeAnswer =
  | { status: "pass" | "fail"; score?: number; reason?: string }
  | { abstain: string };

const AnswerSchema = z.strictObject({
  verdict: z.enum(["pass", "fail", "abstain"]),
  score: z.number().refine(Number.isFinite, "must be a finite number").optional(),
  reason: z.string().optional(),
});

// One fenced block and nothing around it: models wrap JSON in a fence often enough that
// refusing it would turn good answers into abstentions, and a fence hides nothing.
const FENCED = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/**
 * Parses a judge's answer strictly: exactly one JSON object `{verdict, score?, reason?}`,
 * optionally inside one ```json fence. Anything else (prose, a second object, an unknown key, a
 * verdict that is not pass, fail or abstain) is an abstention: an answer that does not parse is
 * never read as a pass or a fail. An abstention's first line is its cause and the judge's own
 * words follow on the next, so abstentions group by cause (errored_causes reads first lines).
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(parseJudgeAnswer('{"verdict": "fail", "score": 0.2, "reason": "rude"}'),
 *   { status: "fail", score: 0.2, reason: "rude" });
 * assertEquals("abstain" in parseJudgeAnswer("PASS, clearly."), true);
 * ```
 */
export function parseJudgeAnswer(text: string): JudgeAnswer {
  const trimmed = text.trim();
  if (trimmed === "") return { abstain: "the judge's answer is empty" };
  const body = FENCED.exec(trimmed)?.[1]?.trim() ?? trimmed;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return {
      abstain: `the judge did not answer with the JSON object asked for\nits answer: ${
        quote(trimmed)
      }`,
    };
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length === 0 ? "" : ` (${issue.path.join(".")})`;
    return {
      abstain: `the judge's answer is not {verdict, score?, reason?}${where}\n${issue.message}`,
    };
  }
  const { verdict, score, reason } = parsed.data;
  if (verdict === "abstain") {
    return {
      abstain: reason === undefined || reason.trim() === ""
        ? "the judge abstained without a reason"
        : `the judge abstained\nits reason: ${reason}`,
    };
  }
  return {
    status: verdict,
    ...(score === undefined ? {} : { score }),
    ...(reason === undefined ? {} : { reason }),
  };
}

function quote(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 77)}...` : line);
}
