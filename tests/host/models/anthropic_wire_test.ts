import assert from "node:assert/strict";
import { CaseResultSchema } from "../../../core/run/run_document.ts";
import { anthropicMessage, startMockServer } from "../../fixtures/models/mock_server.ts";
import { providerSpec, TEST_KEY } from "../../fixtures/models/suites.ts";
import { runModelCases } from "./_run.ts";

Deno.test("the provider target sends an Anthropic message: /v1/messages, anthropic-version, max_tokens, top-level system", async () => {
  const server = startMockServer(() =>
    anthropicMessage("30 days", {
      usage: { input: 30, output: 3, cacheRead: 100, cacheCreation: 5 },
    })
  );
  try {
    const [result] = await runModelCases(
      [{ id: "refund", vars: { question: "How long for a refund?" }, expected: "30 days" }],
      {
        target: providerSpec({
          provider: "anthropic",
          base_url: server.url,
          model: "claude-haiku-5-5",
          api_key_env: "ANTHROPIC_API_KEY",
          system: "Answer in three words.",
        }),
      },
    );
    const [request] = server.requests;
    assert.equal(request.method, "POST");
    assert.equal(request.path, "/v1/messages");
    assert.equal(request.headers["anthropic-version"], "2026-10-21");
    assert.equal(request.headers["authorization"], `Bearer ${TEST_KEY}`);
    assert.equal(request.headers["content-type"], "application/json");
    assert.deepEqual(request.body, {
      model: "claude-haiku-5-5",
      max_tokens: 1024,
      system: "Answer in three words.",
      messages: [{ role: "user", content: "How long for a refund?" }],
    });
    assert.equal(result.output, "30 days");
    assert.equal(result.verdicts[0].status, "pass");
    // Anthropic reports cached input apart from input_tokens; the billed input is their sum.
    assert.deepEqual(result.usage?.map((u) => [u.provider, u.input_tokens, u.output_tokens]), [
      ["anthropic", 135, 3],
    ]);
    CaseResultSchema.parse(result);
  } finally {
    await server.close();
  }
});

Deno.test("a proxy that reads x-api-key gets the key there; version 2023-06-01 still takes temperature", async () => {
  const server = startMockServer(() => anthropicMessage("ok"));
  try {
    await runModelCases([{ id: "a", vars: { question: "hi" } }], {
      target: providerSpec({
        provider: "anthropic",
        base_url: `${server.url}/`,
        model: "claude-sonnet-4-6",
        api_key_env: "LITELLM_KEY",
        api_key_header: "x-api-key",
        anthropic_version: "2023-06-01",
        temperature: 0.2,
        max_tokens: 64,
      }),
    });
    const [request] = server.requests;
    assert.equal(request.path, "/v1/messages");
    assert.equal(request.headers["x-api-key"], TEST_KEY);
    assert.equal(request.headers["authorization"], undefined);
    assert.equal(request.headers["anthropic-version"], "2023-06-01");
    assert.deepEqual(request.body, {
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages: [{ role: "user", content: "hi" }],
      temperature: 0.2,
    });
  } finally {
    await server.close();
  }
});

Deno.test("stop_reason refusal marks the case refused, with what the model said as its output", async () => {
  const server = startMockServer(() =>
    anthropicMessage("", { stop_reason: "refusal", explanation: "policy" })
  );
  try {
    const [result] = await runModelCases(
      [{ id: "a", vars: { question: "something bad" }, expected: "NO!" }],
      { target: providerSpec({ provider: "anthropic", base_url: server.url, model: "m" }) },
    );
    assert.equal(result.refused, true);
    assert.equal(result.output, "");
    // An empty answer is judged as one: includes fails on it, it is not a transport failure.
    assert.deepEqual(result.verdicts.map((v) => v.status), ["fail", "fail", "pass"]);
  } finally {
    await server.close();
  }
});
