import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseJudgeAnswer } from "../../../core/model/judge_answer.ts";

Deno.test("a judge's JSON verdict is read with its score and reason", () => {
  assertEquals(parseJudgeAnswer('{"verdict":"pass"}'), { status: "pass" });
  assertEquals(parseJudgeAnswer('  {"verdict": "fail", "score": 2, "reason": "rude"}\n'), {
    status: "fail",
    score: 2,
    reason: "rude",
  });
  assertEquals(parseJudgeAnswer('```json\n{"verdict": "pass", "score": 0.75}\n```'), {
    status: "pass",
    score: 0.75,
  });
  assertEquals(parseJudgeAnswer('```\n{"verdict": "fail"}\n```'), { status: "fail" });
});

Deno.test("every answer that is not exactly the object asked for is an abstention", () => {
  const answers = [
    "",
    "PASS",
    "The answer is polite, so: pass.",
    'Here you go: {"verdict": "pass"}',
    '{"verdict": "pass"}\nI hope that helps.',
    '{"verdict": "pass"} {"verdict": "fail"}',
    '{"verdict": "PASS"}',
    '{"verdict": "yes"}',
    '{"verdict": true}',
    '{"score": 1}',
    '{"verdict": "pass", "score": "high"}',
    '{"verdict": "pass", "confidence": 0.9}',
    '["pass"]',
    '"pass"',
    '```json\n{"verdict": "pass"}\n``` and more',
  ];
  for (const answer of answers) {
    const parsed = parseJudgeAnswer(answer);
    assertEquals("abstain" in parsed, true, `${JSON.stringify(answer)} was read as a verdict`);
  }
});

Deno.test("a judge that abstains on purpose says why", () => {
  assertEquals(parseJudgeAnswer('{"verdict": "abstain", "reason": "off topic"}'), {
    abstain: "the judge abstained\nits reason: off topic",
  });
  assertEquals(parseJudgeAnswer('{"verdict": "abstain"}'), {
    abstain: "the judge abstained without a reason",
  });
  assertEquals(parseJudgeAnswer("I can't evaluate this."), {
    abstain:
      'the judge did not answer with the JSON object asked for\nits answer: "I can\'t evaluate this."',
  });
});
