import assert from "node:assert/strict";
import { startMockServer } from "../../fixtures/models/mock_server.ts";
import { providerSpec, TEST_KEY } from "../../fixtures/models/suites.ts";
import { readApiKey } from "../../../host/models/api_key.ts";
import { ApiKeyShapeError, RefusalError } from "../../../host/process/refusals.ts";
import { runModelCases } from "./_run.ts";

Deno.test("a key the provider quotes back JSON-escaped is redacted once the JSON is decoded", async () => {
  // "\u002d" is "-": the raw body never holds the key, the decoded message does.
  const escaped = TEST_KEY.replaceAll("-", "\\u002d");
  const server = startMockServer(() =>
    new Response(`{"error":{"message":"Incorrect API key provided: ${escaped}."}}`, {
      status: 401,
      headers: { "content-type": "application/json" },
    })
  );
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1`, api_key_env: "K" }),
    });
    const stored = JSON.stringify(result);
    assert.ok(!stored.includes(TEST_KEY), stored);
    assert.match(result.transport_error ?? "", /Incorrect API key provided: \[the key\]/);
  } finally {
    await server.close();
  }
});

Deno.test("a redirect is never followed with a key: it is a transport error naming the Location", async () => {
  const elsewhere = startMockServer(() => new Response("{}"));
  const server = startMockServer(() =>
    new Response(null, { status: 307, headers: { location: `${elsewhere.url}/steal` } })
  );
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({
        provider: "openai",
        base_url: `${server.url}/v1`,
        api_key_env: "K",
        headers: { "api-key": TEST_KEY },
      }),
    });
    assert.equal(elsewhere.requests.length, 0, "the key was sent on to the redirect's origin");
    assert.match(
      result.transport_error ?? "",
      new RegExp(`answered 307, a redirect to ${elsewhere.url}/steal; .*set base_url`),
    );
    assert.ok(!JSON.stringify(result).includes(TEST_KEY));
  } finally {
    await server.close();
    await elsewhere.close();
  }
});

Deno.test("a key variable holding a line break is refused naming the variable, never the value", () => {
  Deno.env.set("DIGLINE_TEST_SHAPE_KEY", "sk-first-key\nsk-second-key");
  try {
    assert.throws(
      () => readApiKey("DIGLINE_TEST_SHAPE_KEY", { who: "the target" }),
      (error: unknown) => {
        assert.ok(error instanceof ApiKeyShapeError);
        assert.ok(error instanceof RefusalError);
        assert.match(error.message, /DIGLINE_TEST_SHAPE_KEY/);
        assert.ok(!error.message.includes("sk-first-key"), error.message);
        return true;
      },
    );
  } finally {
    Deno.env.delete("DIGLINE_TEST_SHAPE_KEY");
  }
});
