import assert from "node:assert/strict";
import { CaseResultSchema } from "../../../core/run/run_document.ts";
import {
  anthropicMessage,
  apiError,
  malformed,
  openaiCompletion,
  startMockServer,
} from "../../fixtures/models/mock_server.ts";
import { providerSpec, TEST_KEY, testPool } from "../../fixtures/models/suites.ts";
import { runModelCases } from "./_run.ts";

/** A sleep that returns at once and remembers how long it was asked to wait. */
function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: (ms) => (waits.push(ms), Promise.resolve()) };
}

Deno.test("a 429 with Retry-After in seconds is retried, after waiting at least that long", async () => {
  const server = startMockServer((_request, index) =>
    index === 0
      ? apiError("openai", { status: 429, headers: { "retry-after": "2" } })
      : openaiCompletion("ok", { usage: { input: 5, output: 1 } })
  );
  const { sleep, waits } = recordingSleep();
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1` }),
      settings: { retries: 2, backoff_ms: 100 },
      execute: { sleep },
    });
    assert.equal(server.requests.length, 2);
    assert.deepEqual(waits, [2000]);
    assert.equal(result.output, "ok");
    assert.equal(result.attempts, 2);
    // The 429 was a call too: counted, a retry followed, and it reported no tokens.
    assert.deepEqual(result.usage?.map((u) => [u.calls, u.retries, u.unmetered, u.input_tokens]), [
      [2, 1, 1, 5],
    ]);
  } finally {
    await server.close();
  }
});

Deno.test("a Retry-After given as an HTTP-date is honoured from the wall clock", async () => {
  const now = Date.parse("2026-11-30T10:00:00Z");
  const server = startMockServer((_request, index) =>
    index === 0
      ? apiError("anthropic", {
        status: 429,
        headers: { "retry-after": new Date(now + 5000).toUTCString() },
      })
      : anthropicMessage("ok")
  );
  const { sleep, waits } = recordingSleep();
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "anthropic", base_url: server.url }),
      settings: { retries: 1, backoff_ms: 100 },
      models: testPool({ wallClock: () => now }),
      execute: { sleep },
    });
    assert.deepEqual(waits, [5000]);
    assert.equal(result.output, "ok");
  } finally {
    await server.close();
  }
});

Deno.test("a Retry-After longer than a minute is not waited for: the case errors and says so", async () => {
  const server = startMockServer(() =>
    apiError("openai", { status: 429, headers: { "retry-after": "3600" } })
  );
  const { sleep, waits } = recordingSleep();
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1` }),
      settings: { retries: 3 },
      execute: { sleep },
    });
    assert.deepEqual(waits, []);
    assert.equal(server.requests.length, 1);
    assert.match(result.transport_error ?? "", /answered 429: Rate limit reached.*wait 3600 s/);
    assert.ok(result.verdicts.every((v) => v.status === "error"));
  } finally {
    await server.close();
  }
});

Deno.test("a 500 is retried with exponential backoff, then every check errors naming the status", async () => {
  const server = startMockServer(() => apiError("openai", { status: 500 }));
  const { sleep, waits } = recordingSleep();
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1` }),
      settings: { retries: 2, backoff_ms: 100 },
      execute: { sleep },
    });
    assert.equal(server.requests.length, 3);
    assert.deepEqual(waits, [100, 200]);
    assert.equal(result.attempts, 3);
    assert.equal(result.output, undefined);
    assert.deepEqual(result.verdicts.map((v) => v.status), ["error", "error", "error"]);
    assert.match(result.verdicts[0].reason ?? "", /failed after 3 attempts: .*answered 500/);
    CaseResultSchema.parse(result);
  } finally {
    await server.close();
  }
});

Deno.test("a call that hangs past timeout_ms is abandoned, and the case errors with the timeout", async () => {
  const server = startMockServer(() => "hang");
  try {
    const started = performance.now();
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1` }),
      settings: { timeout_ms: 150, retries: 0 },
    });
    assert.ok(performance.now() - started < 5000);
    assert.equal(result.transport_error, "timed out after 150 ms");
    assert.ok(result.verdicts.every((v) => v.status === "error"));
  } finally {
    await server.close();
  }
});

Deno.test("a 200 whose body is not a chat completion is a fault, never an empty answer", async () => {
  const server = startMockServer(() => malformed());
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1` }),
    });
    assert.equal(result.output, undefined);
    assert.match(result.transport_error ?? "", /answered 200 but the response is not JSON/);
    assert.ok(result.verdicts.every((v) => v.status === "error"));
  } finally {
    await server.close();
  }
});

Deno.test("a JSON body of the wrong shape names what is missing", async () => {
  const server = startMockServer(() => Response.json({ choices: [] }));
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1` }),
    });
    assert.match(result.transport_error ?? "", /is not a chat completion \(choices: /);
  } finally {
    await server.close();
  }
});

Deno.test("a 401 is not retried: trying again can not fix a key", async () => {
  const server = startMockServer(() => apiError("anthropic", { status: 401 }));
  const { sleep, waits } = recordingSleep();
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "anthropic", base_url: server.url }),
      settings: { retries: 3 },
      execute: { sleep },
    });
    assert.equal(server.requests.length, 1);
    assert.deepEqual(waits, []);
    assert.match(result.transport_error ?? "", /answered 401: Invalid authentication/);
  } finally {
    await server.close();
  }
});

Deno.test("the circuit opens after N failures in a row: later cases are not called, and none is missing", async () => {
  const server = startMockServer(() => apiError("anthropic", { status: 529 }));
  try {
    const cases = Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, vars: { question: "q" } }));
    const results = await runModelCases(cases, {
      target: providerSpec({
        provider: "anthropic",
        base_url: server.url,
        circuit_failures: 3,
        circuit_window_ms: 0,
      }),
      settings: { concurrency: 1, retries: 0 },
    });
    assert.equal(server.requests.length, 3);
    assert.deepEqual(results.map((r) => r.case_id), cases.map((c) => c.id));
    for (const result of results) {
      assert.equal(result.verdicts.length, 3);
      assert.ok(result.verdicts.every((v) => v.status === "error"));
    }
    assert.deepEqual(results.map((r) => r.attempts), [1, 1, 1, 0, 0, 0, 0, 0]);
    assert.match(
      results[5].transport_error ?? "",
      /^not called: anthropic test-model at http:\/\/127\.0\.0\.1:\d+ failed 3 times in a row.*answered 529: Overloaded/,
    );
    assert.equal(results[5].usage, undefined);
  } finally {
    await server.close();
  }
});

Deno.test("quick 503s in a row do not open the circuit: failures must go on for circuit_window_ms", async () => {
  const server = startMockServer(() => apiError("openai", { status: 503 }));
  let clock = 0;
  const pace = { now: () => clock, sleep: () => Promise.resolve() };
  try {
    const cases = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, vars: { question: "q" } }));
    const spec = providerSpec({
      provider: "openai",
      base_url: `${server.url}/v1`,
      circuit_failures: 2,
      circuit_window_ms: 10_000,
    });
    await runModelCases(cases, {
      target: spec,
      settings: { concurrency: 1, retries: 0 },
      models: testPool({ pace }),
    });
    // Six failures in a row within no time at all: every case was still asked.
    assert.equal(server.requests.length, 6);

    // The same failures spread over more than the window open it after the second.
    const results = await runModelCases(cases, {
      target: spec,
      settings: { concurrency: 1, retries: 0 },
      models: testPool({ pace }),
      execute: { onCaseDone: () => void (clock += 6_000) },
    });
    assert.equal(server.requests.length, 6 + 3);
    assert.match(results[5].transport_error ?? "", /failed 2 times in a row over 10 s or more/);
  } finally {
    await server.close();
  }
});

Deno.test("a 401 opens the circuit on the count alone: trying longer can not cure a wrong key", async () => {
  const server = startMockServer(() => apiError("openai", { status: 401 }));
  try {
    const cases = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, vars: { question: "q" } }));
    await runModelCases(cases, {
      target: providerSpec({
        provider: "openai",
        base_url: `${server.url}/v1`,
        circuit_failures: 2,
      }),
      settings: { concurrency: 1, retries: 0 },
    });
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

Deno.test("an answer between failures resets the circuit's count", async () => {
  let index = 0;
  const server = startMockServer(() =>
    index++ % 2 === 0 ? apiError("openai", { status: 503 }) : openaiCompletion("ok")
  );
  try {
    const cases = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, vars: { question: "q" } }));
    await runModelCases(cases, {
      target: providerSpec({
        provider: "openai",
        base_url: `${server.url}/v1`,
        circuit_failures: 2,
        circuit_window_ms: 0,
      }),
      settings: { concurrency: 1, retries: 0 },
    });
    assert.equal(server.requests.length, 6);
  } finally {
    await server.close();
  }
});

Deno.test("a provider that quotes the key back in an error does not get it into the case result", async () => {
  const server = startMockServer(() =>
    apiError("openai", { status: 401, message: `Incorrect API key provided: ${TEST_KEY}.` })
  );
  try {
    const [result] = await runModelCases([{ id: "a", vars: { question: "q" } }], {
      target: providerSpec({ provider: "openai", base_url: `${server.url}/v1`, api_key_env: "K" }),
    });
    assert.equal(server.requests[0].headers["authorization"], `Bearer ${TEST_KEY}`);
    assert.equal(JSON.stringify(result).includes(TEST_KEY), false);
    assert.match(result.transport_error ?? "", /Incorrect API key provided: \[the key\]/);
  } finally {
    await server.close();
  }
});
