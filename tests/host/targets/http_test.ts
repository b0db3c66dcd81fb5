import assert from "node:assert/strict";
import { executeCases } from "../../../host/running/driver.ts";
import { openTarget, type Target, TransportError } from "../../../host/targets/mod.ts";
import { testSuite } from "../../fixtures/targets/suites.ts";

interface Seen {
  method: string;
  contentType: string | null;
  authorization: string | null;
  body: unknown;
}

/** Serves `answer` on 127.0.0.1 (a free port) for the length of `test`, recording requests. */
async function withServer(
  answer: (request: Request) => Response | Promise<Response>,
  test: (url: string, seen: Seen[]) => Promise<void>,
): Promise<void> {
  const seen: Seen[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    seen.push({
      method: request.method,
      contentType: request.headers.get("content-type"),
      authorization: request.headers.get("authorization"),
      body: await request.json(),
    });
    return answer(request);
  });
  try {
    await test(`http://127.0.0.1:${server.addr.port}/answer`, seen);
  } finally {
    await server.shutdown();
  }
}

function httpTarget(url: string, options: { field?: string; headers?: Record<string, string> }) {
  return openTarget({ kind: "http", url, headers: options.headers ?? {}, field: options.field }, {
    suiteDir: ".",
  });
}

function call(target: Target, vars = {}): Promise<string> {
  return target.call(vars, { signal: new AbortController().signal });
}

Deno.test("an http target POSTs the vars as JSON with the spec's headers and reads the whole body", async () => {
  await withServer(() => new Response("plain answer\n"), async (url, seen) => {
    const target = httpTarget(url, { headers: { authorization: "Bearer t0k" } });
    assert.equal(await call(target, { question: "refund?" }), "plain answer\n");
    assert.deepEqual(seen, [{
      method: "POST",
      contentType: "application/json",
      authorization: "Bearer t0k",
      body: { question: "refund?" },
    }]);
  });
});

Deno.test("an http target reads a dot-path field, through arrays, writing non-strings as JSON", async () => {
  const body = { choices: [{ message: { content: "30 days" } }], usage: { tokens: 12 } };
  await withServer(() => Response.json(body), async (url) => {
    assert.equal(await call(httpTarget(url, { field: "choices.0.message.content" })), "30 days");
    assert.equal(await call(httpTarget(url, { field: "usage" })), '{"tokens":12}');
    assert.equal(await call(httpTarget(url, { field: "usage.tokens" })), "12");
  });
});

Deno.test("an http target that answers non-2xx is a transport error naming the status", async () => {
  await withServer(
    () => new Response("model overloaded\nretry later", { status: 503 }),
    async (url) => {
      await assert.rejects(call(httpTarget(url, {})), (error: unknown) => {
        assert.ok(error instanceof TransportError);
        assert.equal(
          error.message,
          "the server answered 503 Service Unavailable: model overloaded",
        );
        return true;
      });
    },
  );
});

Deno.test("a missing field, or a body that is not JSON, is a transport error naming the field", async () => {
  await withServer(() => Response.json({ answer: "x" }), async (url) => {
    await assert.rejects(call(httpTarget(url, { field: "result.text" })), {
      name: "TransportError",
      message: 'the response has no field "result.text"',
    });
  });
  await withServer(() => new Response("<html>oops</html>"), async (url) => {
    await assert.rejects(call(httpTarget(url, { field: "answer" })), {
      name: "TransportError",
      message: 'the response is not JSON, so field "answer" can not be read',
    });
  });
});

Deno.test("an http target with nobody listening is a transport error naming the URL", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const url = `http://127.0.0.1:${listener.addr.port}/`;
  listener.close();
  await assert.rejects(call(httpTarget(url, {})), (error: unknown) => {
    assert.ok(error instanceof TransportError);
    assert.ok(error.message.startsWith(`the request to ${url} failed: `), error.message);
    return true;
  });
});

Deno.test("a slow http target times out through the driver and is retried", async () => {
  let calls = 0;
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await withServer(async () => {
    calls++;
    // Hold the first request until the driver has given up on it and retried.
    if (calls === 1) await released;
    return Response.json({ text: "SECOND TRY!" });
  }, async (url) => {
    const suite = testSuite([{ id: "a", vars: { q: 1 }, expected: "SECOND TRY!" }], {
      settings: { timeout_ms: 100, retries: 1 },
      target: { kind: "http", url, field: "text", headers: {} },
    });
    const target = openTarget(suite.target, { suiteDir: "." });
    const [result] = await executeCases(suite, { target });
    release();
    assert.equal(result.attempts, 2);
    assert.equal(result.output, "SECOND TRY!");
    assert.deepEqual(result.verdicts.map((v) => v.status), ["pass", "pass", "pass"]);
  });
});

Deno.test("an aborted http call reports the driver's reason, not a bare abort", async () => {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await withServer(async () => {
    await released;
    return new Response("late");
  }, async (url) => {
    const controller = new AbortController();
    const pending = httpTarget(url, {}).call({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new TransportError("timed out after 20 ms")), 20);
    await assert.rejects(pending, { name: "TransportError", message: "timed out after 20 ms" });
    release();
  });
});

Deno.test("an http target nobody listens on names the refusal, not only that fetch failed", async () => {
  // A port that was free a moment ago: bound, read, released.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const target = httpTarget(`http://127.0.0.1:${port}/answer`, {});
  await assert.rejects(call(target), (error: unknown) => {
    assert.ok(error instanceof TransportError);
    assert.match(error.message, /^the request to \S+ failed: .*[Cc]onnection refused/);
    // The URL once, not again inside Deno's own wording.
    assert.equal(error.message.split(`127.0.0.1:${port}`).length, 2, error.message);
    return true;
  });
});
