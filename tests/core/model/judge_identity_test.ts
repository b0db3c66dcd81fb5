import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
import { builtinAssertion, isJudgeAssertion } from "../../../core/suite/assertions/builtin.ts";
import { BuiltinAssertionSchema } from "../../../core/suite/assertions/definition.ts";
import { renderJudgePrompt } from "../../../core/model/judge.ts";
import { judge as declare } from "../../../mod.ts";

function judge(extra: Record<string, unknown> = {}) {
  return builtinAssertion(BuiltinAssertionSchema.parse({
    name: "polite",
    kind: "judge",
    rubric: "The answer is polite.",
    provider: "openai",
    model: "gpt-4o",
    ...extra,
  }));
}

Deno.test("a judge's id is the digest of what it asks of which model, never of its key or pacing", () => {
  const plain = judge();
  const operational = judge({
    api_key_env: "OPENAI_API_KEY",
    api_key_header: "api-key",
    headers: { "OpenAI-Organization": "org-1" },
    query: { "api-version": "2024-10-21" },
    requests_per_minute: 10,
    tokens_per_minute: 1000,
    circuit_failures: 2,
    timeout_ms: 5,
    retries: 0,
    backoff_ms: 1,
    description: "for people",
  });
  assertEquals(operational.id, plain.id);
  assertEquals(JSON.stringify(operational.definition).includes("OPENAI_API_KEY"), false);
  // Writing a default out changes nothing; changing what is asked makes another check.
  assertEquals(judge({ base_url: "https://api.openai.com/v1/" }).id, plain.id);
  for (const change of [{ model: "gpt-4o-mini" }, { rubric: "Short." }, { temperature: 0 }]) {
    notDeepStrictEqual(judge(change).id, plain.id);
  }
  assertEquals(isJudgeAssertion(plain), true);
});

Deno.test("a judge built in core has no model client, so its check errors instead of guessing", async () => {
  const score = await judge().check({
    output: "hi",
    testCase: { id: "c", vars: {}, kind: "normal" },
  });
  assertEquals((score as { status: string }).status, "error");
});

Deno.test("the default judge prompt shows the rubric, the vars, the expected value and the output", () => {
  const prompt = renderJudgePrompt({ rubric: "Be kind." }, {
    output: "Sure thing!",
    testCase: { id: "c", vars: { q: "Help?" }, expected: { tone: "warm" }, kind: "normal" },
  });
  for (const part of ["Be kind.", '"q": "Help?"', '{"tone":"warm"}', "Sure thing!", '"verdict"']) {
    assertEquals(prompt.includes(part), true, part);
  }
});

Deno.test("a judge definition that asks for the impossible is refused when the suite loads", () => {
  const problems = (extra: Record<string, unknown>) => {
    const parsed = BuiltinAssertionSchema.safeParse({
      name: "j",
      kind: "judge",
      rubric: "r",
      provider: "anthropic",
      model: "m",
      ...extra,
    });
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };
  assertEquals(problems({}), []);
  assertEquals(problems({ temperature: 0 }), [
    'temperature: anthropic-version 2026-10-21 refuses temperature: remove it, or set anthropic_version = "2023-06-01"',
  ]);
  assertEquals(problems({ temperature: 0, anthropic_version: "2023-06-01" }), []);
  assertEquals(problems({ prompt: "Grade {{answer}}" }).length, 2);
  assertEquals(
    problems({ headers: { "X-Api-Key": "sk-live" } })[0].startsWith("headers.X-Api-Key:"),
    true,
  );
  assertEquals(problems({ query: { key: "abc" } })[0].startsWith("query.key:"), true);
  assertEquals(problems({ base_url: "https://user:pw@host/v1" }).length, 1);
  assertEquals(problems({ seed: 1 }), ["seed: seed is an OpenAI field; Anthropic has no such key"]);
});

Deno.test("a judge declared in code is the same check as the one a TOML suite declares", () => {
  const inCode = declare({
    name: "polite",
    rubric: "The answer is polite.",
    provider: "openai",
    model: "gpt-4o",
  });
  assertEquals(inCode.id, judge().id);
  assertEquals(inCode.kind, "judge");
});
