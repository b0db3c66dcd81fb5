import assert from "node:assert/strict";
import { CaseResultSchema } from "../../../core/run/run_document.ts";
import { erroredCauses } from "../../../core/run/errored_causes.ts";
import type { Pace } from "../../../host/models/rate_limiter.ts";
import {
  anthropicMessage,
  apiError,
  openaiCompletion,
  type RecordedRequest,
  startMockServer,
} from "../../fixtures/models/mock_server.ts";
import { judgeAssertion, providerSpec, TEST_KEY } from "../../fixtures/models/suites.ts";
import { functionSpec } from "../../fixtures/targets/suites.ts";
import { runModelCases } from "./_run.ts";
import { judged } from "../../support/judged_case.ts";

const echo = functionSpec((vars) => String(vars.text ?? ""));

/** A clock that only moves when something sleeps, remembering each wait. */
function fakePace(): Pace & { waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: (ms) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

function userTurn(request: RecordedRequest): string {
  const body = request.body as { messages: { role: string; content: string }[] };
  return body.messages.find((m) => m.role === "user")!.content;
}

Deno.test("a judge is shown the rubric, the output, the vars and expected, and its verdict, score, reason and reply as it came are kept", async () => {
  const server = startMockServer(() =>
    openaiCompletion('{"verdict": "pass", "score": 0.9, "reason": "polite and correct"}', {
      usage: { input: 180, output: 14 },
    })
  );
  try {
    const polite = judgeAssertion({
      name: "polite",
      rubric: "The answer is polite.",
      provider: "openai",
      model: "gpt-4o",
      base_url: `${server.url}/v1`,
      api_key_env: "OPENAI_API_KEY",
      temperature: 0,
    });
    const [result] = await runModelCases(
      [{ id: "a", vars: { text: "Thank you, 30 days.", lang: "en" }, expected: "30 days" }],
      { target: echo, assertions: [polite] },
    );
    const [request] = server.requests;
    assert.equal(request.path, "/v1/chat/completions");
    assert.equal(request.headers["authorization"], `Bearer ${TEST_KEY}`);
    const prompt = userTurn(request);
    for (
      const part of ["The answer is polite.", "Thank you, 30 days.", '"lang": "en"', "30 days"]
    ) {
      assert.ok(prompt.includes(part), `the judge prompt lacks ${part}`);
    }
    assert.equal((request.body as { temperature: number }).temperature, 0);
    assert.deepEqual(result.verdicts, [{
      assertion_id: polite.id,
      assertion: "polite",
      status: "pass",
      score: 0.9,
      reason: "polite and correct",
      metadata: {},
      answer: '{"verdict": "pass", "score": 0.9, "reason": "polite and correct"}',
    }]);
    assert.deepEqual(result.usage, [{
      role: "judge",
      provider: "openai",
      model: "gpt-4o",
      calls: 1,
      retries: 0,
      input_tokens: 180,
      output_tokens: 14,
      unmetered: 0,
    }]);
    CaseResultSchema.parse(result);
  } finally {
    await server.close();
  }
});

Deno.test("a judge answer that does not parse is an abstention: errored with the reason, never pass or fail", async () => {
  const answers = [
    "PASS. The output is polite.",
    '{"verdict": "pass", "confidence": "high"}',
    '{"verdict": "yes"}',
    '{"verdict": "pass"} {"verdict": "fail"}',
  ];
  const server = startMockServer((_request, index) => openaiCompletion(answers[index]));
  try {
    const judge = judgeAssertion({
      rubric: "polite",
      provider: "openai",
      model: "m",
      base_url: `${server.url}/v1`,
      // Each answer is scripted by its request's index: one ask per case.
      abstention_retries: 0,
    });
    const results = await runModelCases(
      answers.map((_, i) => ({ id: `c${i}`, vars: { text: "hi" } })),
      { target: echo, assertions: [judge], settings: { concurrency: 1 } },
    );
    for (const result of results) {
      const [verdict] = result.verdicts;
      assert.equal(verdict.status, "error", `${result.case_id} was not an abstention`);
      assert.equal(verdict.metadata.abstained, true);
    }
    assert.match(
      results[0].verdicts[0].reason ?? "",
      /did not answer with the JSON object asked for/,
    );
    assert.match(results[1].verdicts[0].reason ?? "", /confidence/);
  } finally {
    await server.close();
  }
});

Deno.test("a judge that says it can not judge abstains, with its reason", async () => {
  const { results: [result], requests } = await judged(() =>
    openaiCompletion('```json\n{"verdict": "abstain", "reason": "the rubric does not apply"}\n```')
  );
  assert.equal(result.verdicts[0].status, "error");
  assert.equal(
    result.verdicts[0].reason,
    "the judge abstained (asked 3 times)\nits reason: the rubric does not apply",
  );
  // Asked once, then again twice (abstention_retries defaults to 2), before it errors.
  assert.equal(requests.length, 3);
});

Deno.test("a judge that abstains once and then answers gives its answer: the abstention is asked again", async () => {
  const { results: [result], requests } = await judged((_request, index) =>
    openaiCompletion(index === 0 ? "Hmm, hard to say." : '{"verdict": "pass"}')
  );
  assert.equal(result.verdicts[0].status, "pass");
  assert.equal(requests.length, 2);
});

Deno.test("abstentions that quote different answers group under one cause", async () => {
  const { results } = await judged((_request, index) => openaiCompletion(`Not sure (${index}).`), {
    cases: [1, 2, 3].map((i) => ({ id: `c${i}`, vars: { text: "hi" } })),
    judge: { abstention_retries: 0 },
  });
  const causes = erroredCauses(results);
  assert.deepEqual(causes.map((c) => [c.cause, c.count]), [
    ["the judge did not answer with the JSON object asked for", 3],
  ]);
});

Deno.test("a judge's refusal is an abstention, from either wire format", async () => {
  const server = startMockServer((request) =>
    request.path === "/v1/messages"
      ? anthropicMessage("", { stop_reason: "refusal", explanation: "I won't grade this." })
      : openaiCompletion(null, { refusal: "I can't assist with that." })
  );
  try {
    const [result] = await runModelCases([{ id: "a", vars: { text: "hi" } }], {
      target: echo,
      assertions: [
        judgeAssertion({
          name: "claude",
          rubric: "r",
          provider: "anthropic",
          model: "m",
          base_url: server.url,
        }),
        judgeAssertion({
          name: "gpt",
          rubric: "r",
          provider: "openai",
          model: "m",
          base_url: `${server.url}/v1`,
        }),
      ],
    });
    assert.deepEqual(result.verdicts.map((v) => [v.assertion, v.status, v.reason, v.metadata]), [
      [
        "claude",
        "error",
        "the judge refused to judge (asked 3 times)\nits words: I won't grade this.",
        {
          abstained: true,
          refused: true,
        },
      ],
      [
        "gpt",
        "error",
        "the judge refused to judge (asked 3 times)\nits words: I can't assist with that.",
        {
          abstained: true,
          refused: true,
        },
      ],
    ]);
  } finally {
    await server.close();
  }
});

Deno.test("a judge answer cut off at max_tokens abstains and says it was cut off", async () => {
  const { results: [result] } = await judged(() =>
    openaiCompletion('{"verdict": "pass", "reason": "The output is', { finish_reason: "length" })
  );
  assert.equal(result.verdicts[0].status, "error");
  assert.match(result.verdicts[0].reason ?? "", /cut off at max_tokens/);
});

Deno.test("a judge retries a 429 after its Retry-After, then errors when the model stays down", async () => {
  const pace = fakePace();
  const { results: [result], requests } = await judged(
    (_request, index) =>
      index === 0
        ? apiError("openai", { status: 429, headers: { "retry-after": "3" } })
        : apiError("openai", { status: 503 }),
    { pace, judge: { retries: 2, backoff_ms: 500 } },
  );
  assert.equal(requests.length, 3);
  assert.deepEqual(pace.waits, [3000, 1000]);
  const [verdict] = result.verdicts;
  assert.equal(verdict.status, "error");
  assert.deepEqual(verdict.metadata, { judge_unreachable: true });
  assert.match(verdict.reason ?? "", /got no answer after 3 attempts: .*answered 503/);
  assert.deepEqual(result.usage?.map((u) => [u.role, u.calls, u.retries]), [["judge", 3, 2]]);
});

Deno.test("a judge that hangs past its timeout_ms errors instead of holding the run", async () => {
  const { results: [result] } = await judged(() => "hang", {
    judge: { timeout_ms: 100, retries: 0 },
  });
  assert.equal(result.verdicts[0].status, "error");
  assert.match(result.verdicts[0].reason ?? "", /timed out after 100 ms/);
});

Deno.test("a provider target and its judge on one case are metered apart, per role and model", async () => {
  const server = startMockServer((request) =>
    (request.body as { model: string }).model === "judge-model"
      ? openaiCompletion('{"verdict": "fail", "reason": "curt"}', {
        usage: { input: 50, output: 6 },
      })
      : openaiCompletion("30 days", { usage: { input: 10, output: 2 } })
  );
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "refund?" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1`, model: "sut" }),
      assertions: [
        judgeAssertion({
          rubric: "polite",
          provider: "openai",
          model: "judge-model",
          base_url: `${server.url}/v1`,
        }),
      ],
    });
    assert.equal(result.verdicts[0].status, "fail");
    assert.deepEqual(result.usage?.map((u) => [u.role, u.model, u.input_tokens, u.output_tokens]), [
      ["target", "sut", 10, 2],
      ["judge", "judge-model", 50, 6],
    ]);
  } finally {
    await server.close();
  }
});
