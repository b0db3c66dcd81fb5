import assert from "node:assert/strict";
import { KeyHostRefusedError } from "../../../host/process/refusals.ts";
import { openTarget, TransportError } from "../../../host/targets/mod.ts";

const KEY = "srv-key-8c1f0e2d9b7a";

async function withServer(
  answer: (request: Request) => Response,
  test: (url: string, seen: Headers[]) => Promise<void>,
): Promise<void> {
  const seen: Headers[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    seen.push(new Headers(request.headers));
    return answer(request);
  });
  try {
    await test(`http://127.0.0.1:${server.addr.port}/answer`, seen);
  } finally {
    await server.shutdown();
  }
}

function call(url: string, header?: string, grant = `DIGLINE_TEST_HTTP_KEY=${new URL(url).host}`) {
  Deno.env.set("DIGLINE_TEST_HTTP_KEY", KEY);
  Deno.env.set("DIGLINE_KEY_HOSTS", grant);
  try {
    const target = openTarget({
      kind: "http",
      url,
      headers: {},
      api_key_env: "DIGLINE_TEST_HTTP_KEY",
      ...(header === undefined ? {} : { api_key_header: header }),
    }, { suiteDir: "." });
    return target.call({ q: "x" }, { signal: new AbortController().signal });
  } finally {
    Deno.env.delete("DIGLINE_TEST_HTTP_KEY");
    Deno.env.delete("DIGLINE_KEY_HOSTS");
  }
}

Deno.test("an http target refuses to send a key to a host the launch did not grant, before any request", async () => {
  await withServer(() => new Response("ok"), (url, seen) => {
    assert.throws(() => call(url, undefined, ""), (error: unknown) => {
      assert.ok(error instanceof KeyHostRefusedError);
      assert.match(error.message, /^the http target: the key in DIGLINE_TEST_HTTP_KEY /);
      return true;
    });
    assert.equal(seen.length, 0);
    return Promise.resolve();
  });
});

Deno.test("an http target sends the key api_key_env names, in the header it names", async () => {
  await withServer(() => new Response("ok"), async (url, seen) => {
    assert.equal(await call(url), "ok");
    assert.equal(seen[0].get("authorization"), `Bearer ${KEY}`);
    assert.equal(await call(url, "x-api-key"), "ok");
    assert.equal(seen[1].get("x-api-key"), KEY);
  });
});

Deno.test("an http target's error quoting the key, in any encoding, is redacted", async () => {
  const quoted = JSON.stringify({ error: `bad key ${KEY}`, url: `?k=${encodeURIComponent(KEY)}` });
  await withServer(() => new Response(quoted, { status: 403 }), async (url) => {
    await assert.rejects(call(url), (error: unknown) => {
      assert.ok(error instanceof TransportError);
      assert.ok(!error.message.includes(KEY), error.message);
      assert.match(error.message, /bad key \[the key\]/);
      return true;
    });
  });
});

Deno.test("an http target follows no redirect: a 3xx is a transport error naming the Location", async () => {
  await withServer(() => new Response("stolen"), async (elsewhere, stolen) => {
    await withServer(
      () => new Response(null, { status: 307, headers: { location: `${elsewhere}/x` } }),
      async (url) => {
        await assert.rejects(call(url), (error: unknown) => {
          assert.ok(error instanceof TransportError);
          assert.match(error.message, new RegExp(`answered 307, a redirect to ${elsewhere}/x`));
          return true;
        });
      },
    );
    assert.equal(stolen.length, 0, "the key was sent on to another address");
  });
});
