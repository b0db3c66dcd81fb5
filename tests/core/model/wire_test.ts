import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import type { ModelConnection } from "../../../core/model/connection.ts";
import {
  authHeader,
  buildRequest,
  readErrorMessage,
  WireFormatError,
} from "../../../core/model/wire.ts";
import { readReply } from "../../../core/model/wire_reply.ts";

function connection(
  c: Partial<ModelConnection> & Pick<ModelConnection, "provider">,
): ModelConnection {
  return { model: "m", headers: {}, query: {}, circuit_failures: 5, ...c };
}

Deno.test("an OpenAI request: base_url + /chat/completions, system then user, extra_body kept", () => {
  const plan = buildRequest(
    connection({
      provider: "openai",
      base_url: "http://localhost:11434/v1/",
      headers: { "OpenAI-Organization": "org-1" },
      extra_body: { top_k: 20 },
      temperature: 0.3,
    }),
    { system: "Be brief.", prompt: "Hi" },
  );
  assertEquals(plan.url, "http://localhost:11434/v1/chat/completions");
  assertEquals(plan.headers, {
    "content-type": "application/json",
    accept: "application/json",
    "OpenAI-Organization": "org-1",
  });
  assertEquals(plan.body, {
    top_k: 20,
    model: "m",
    messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" }],
    temperature: 0.3,
  });
});

Deno.test("an Anthropic request: /v1/messages, the version header, max_tokens always sent", () => {
  const plan = buildRequest(connection({ provider: "anthropic", query: { beta: "true" } }), {
    prompt: "Hi",
  });
  assertEquals(plan.url, "https://api.anthropic.com/v1/messages?beta=true");
  assertEquals(plan.headers["anthropic-version"], "2026-10-21");
  assertEquals(plan.body, {
    model: "m",
    max_tokens: 1024,
    messages: [{ role: "user", content: "Hi" }],
  });
});

Deno.test("the key goes as a Bearer token, or bare in the header api_key_header names", () => {
  assertEquals(authHeader({}, "k"), ["authorization", "Bearer k"]);
  assertEquals(authHeader({ api_key_header: "API-Key" }, "k"), ["api-key", "k"]);
  assertEquals(authHeader({ api_key_header: "Authorization" }, "k"), ["authorization", "Bearer k"]);
});

Deno.test("an OpenAI reply gives its text, stop reason and usage; a refusal or content filter is marked", () => {
  const reply = (choice: unknown, usage: unknown = { prompt_tokens: 7, completion_tokens: 2 }) =>
    JSON.stringify({ choices: [choice], usage, id: "x", extra: { anything: true } });
  assertEquals(
    readReply(
      "openai",
      reply({ message: { content: "hi", refusal: null }, finish_reason: "stop" }),
    ),
    { text: "hi", stop: "stop", usage: { input_tokens: 7, output_tokens: 2 } },
  );
  assertEquals(
    readReply(
      "openai",
      reply({ message: { content: null, refusal: "No." }, finish_reason: "stop" }, null),
    ),
    { text: "No.", refusal: "No.", stop: "stop" },
  );
  assertEquals(
    readReply("openai", reply({ message: { content: null }, finish_reason: "content_filter" }))
      .refusal,
    "the provider's content filter",
  );
});

Deno.test("an Anthropic reply joins its text blocks and adds cached input to the input tokens", () => {
  const body = JSON.stringify({
    type: "message",
    content: [{ type: "thinking", thinking: "..." }, { type: "text", text: "a" }, {
      type: "text",
      text: "b",
    }],
    stop_reason: "end_turn",
    usage: {
      input_tokens: 3,
      output_tokens: 4,
      cache_read_input_tokens: 10,
      cache_creation_input_tokens: null,
    },
  });
  assertEquals(readReply("anthropic", body), {
    text: "ab",
    stop: "end_turn",
    usage: { input_tokens: 13, output_tokens: 4 },
  });
  const refusal = JSON.stringify({
    type: "message",
    content: [],
    stop_reason: "refusal",
    stop_details: { type: "refusal", category: null, explanation: null },
  });
  assertEquals(readReply("anthropic", refusal), {
    text: "",
    refusal: "stop_reason refusal",
    stop: "refusal",
  });
});

Deno.test("a body that is not the promised shape is a WireFormatError naming what is wrong", () => {
  throws(() => readReply("openai", "<html>"), /is not JSON: "<html>"/);
  throws(() => readReply("openai", ""), /the body is empty/);
  throws(() => readReply("openai", '{"choices": []}'), WireFormatError);
  throws(
    () => readReply("anthropic", '{"type": "error", "error": {}}'),
    /not an Anthropic message/,
  );
});

Deno.test("an error body's message is read from either format's error object", () => {
  assertEquals(
    readErrorMessage('{"error": {"message": "Rate limit reached"}}'),
    "Rate limit reached",
  );
  assertEquals(
    readErrorMessage(
      '{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}',
    ),
    "Overloaded",
  );
  assertEquals(readErrorMessage("Bad Gateway"), undefined);
});
