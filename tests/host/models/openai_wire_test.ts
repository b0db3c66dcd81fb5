import assert from "node:assert/strict";
import { CaseResultSchema } from "../../../core/run/run_document.ts";
import { openaiCompletion, startMockServer } from "../../fixtures/models/mock_server.ts";
import { providerSpec, TEST_KEY } from "../../fixtures/models/suites.ts";
import { runModelCases } from "./_run.ts";

Deno.test("the provider target sends an OpenAI chat completion: path, Bearer key, system and user turns, sampling fields", async () => {
  const server = startMockServer(() =>
    openaiCompletion("30 days", { usage: { input: 21, output: 2 } })
  );
  try {
    const [result] = await runModelCases(
      [{ id: "refund", vars: { question: "How long for a refund?" }, expected: "30 days" }],
      {
        target: providerSpec({
          provider: "openai",
          base_url: `${server.url}/v1`,
          model: "gpt-4o-mini",
          api_key_env: "OPENAI_API_KEY",
          system: "Answer in three words.",
          temperature: 0,
          max_tokens: 16,
          seed: 7,
        }, "Q: {{question}}"),
      },
    );
    assert.equal(server.requests.length, 1);
    const [request] = server.requests;
    assert.equal(request.method, "POST");
    assert.equal(request.path, "/v1/chat/completions");
    assert.equal(request.headers["authorization"], `Bearer ${TEST_KEY}`);
    assert.equal(request.headers["content-type"], "application/json");
    assert.equal(request.headers["x-api-key"], undefined);
    assert.deepEqual(request.body, {
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "Answer in three words." },
        { role: "user", content: "Q: How long for a refund?" },
      ],
      temperature: 0,
      max_tokens: 16,
      seed: 7,
    });
    assert.equal(result.output, "30 days");
    assert.equal(result.verdicts[0].status, "pass");
    assert.equal(result.attempts, 1);
    assert.deepEqual(result.usage, [{
      role: "target",
      provider: "openai",
      model: "gpt-4o-mini",
      calls: 1,
      retries: 0,
      input_tokens: 21,
      output_tokens: 2,
      unmetered: 0,
    }]);
    CaseResultSchema.parse(result);
  } finally {
    await server.close();
  }
});

Deno.test("Azure's deployment URL: the api-version query and the key in the api-key header", async () => {
  const server = startMockServer(() => openaiCompletion("ok"));
  try {
    await runModelCases([{ id: "a", vars: { question: "hi" } }], {
      target: providerSpec({
        provider: "openai",
        base_url: `${server.url}/openai/deployments/gpt-4o-prod`,
        model: "gpt-4o-prod",
        api_key_env: "AZURE_OPENAI_API_KEY",
        api_key_header: "api-key",
        query: { "api-version": "2024-10-21" },
        max_completion_tokens: 32,
      }),
    });
    const [request] = server.requests;
    assert.equal(
      request.path,
      "/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21",
    );
    assert.equal(request.headers["api-key"], TEST_KEY);
    assert.equal(request.headers["authorization"], undefined);
    assert.equal((request.body as { max_completion_tokens: number }).max_completion_tokens, 32);
  } finally {
    await server.close();
  }
});

Deno.test("a local server that needs no key (Ollama, vLLM, llama.cpp) gets no credential header", async () => {
  const server = startMockServer(() => openaiCompletion("hello", { usage: null }));
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "hi" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1`, model: "llama3.2" }),
    });
    const [request] = server.requests;
    assert.equal(request.headers["authorization"], undefined);
    assert.equal(request.headers["api-key"], undefined);
    assert.equal(result.output, "hello");
    // A server that reports no usage is counted as a call with its tokens unknown.
    assert.deepEqual(result.usage?.map((u) => [u.calls, u.unmetered, u.input_tokens]), [[1, 1, 0]]);
  } finally {
    await server.close();
  }
});

Deno.test("an OpenAI refusal is the case's output, and the case is marked refused", async () => {
  const server = startMockServer(() =>
    openaiCompletion(null, { refusal: "I'm sorry, I can't help with that." })
  );
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "something bad" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1`, model: "m" }),
    });
    assert.equal(result.output, "I'm sorry, I can't help with that.");
    assert.equal(result.refused, true);
    assert.equal(result.transport_error, undefined);
    CaseResultSchema.parse(result);
  } finally {
    await server.close();
  }
});
