import assert from "node:assert/strict";
import { createModelPool } from "../../../host/models/pool.ts";
import { KeyHostRefusedError } from "../../../host/process/refusals.ts";
import { connection } from "../../fixtures/models/suites.ts";

/** Runs `use` with `grant` as this process's DIGLINE_KEY_HOSTS. */
function withGrant<T>(grant: string, use: () => T): T {
  const before = Deno.env.get("DIGLINE_KEY_HOSTS");
  Deno.env.set("DIGLINE_KEY_HOSTS", grant);
  try {
    return use();
  } finally {
    if (before === undefined) Deno.env.delete("DIGLINE_KEY_HOSTS");
    else Deno.env.set("DIGLINE_KEY_HOSTS", before);
  }
}

Deno.test("a pool refuses a key bound to an ungranted host before it reads the key", () => {
  const read: string[] = [];
  const pool = createModelPool({ readKey: (variable) => (read.push(variable), "sk-x") });
  withGrant("", () => {
    assert.throws(
      () =>
        pool.client(
          connection({ provider: "openai", base_url: "http://127.0.0.1:9/v1", api_key_env: "K" }),
          { role: "judge", who: 'judge "fair"' },
        ),
      (error: unknown) => {
        assert.ok(error instanceof KeyHostRefusedError);
        assert.match(error.message, /^judge "fair": the key in K would be sent to 127\.0\.0\.1:9,/);
        return true;
      },
    );
  });
  assert.deepEqual(read, []);
});

Deno.test("a key one connection may use is checked again for the next connection that names it", () => {
  const pool = createModelPool({ readKey: () => "sk-x" });
  withGrant("K=127.0.0.1:9", () => {
    pool.client(
      connection({ provider: "openai", base_url: "http://127.0.0.1:9/v1", api_key_env: "K" }),
      { role: "target", who: "the target" },
    );
    assert.throws(
      () =>
        pool.client(
          connection({ provider: "openai", base_url: "http://127.0.0.1:10/v1", api_key_env: "K" }),
          { role: "judge", who: 'judge "fair"' },
        ),
      KeyHostRefusedError,
    );
  });
});

Deno.test("a pool hands a connection with no key, or on its provider's host, out with no grant", () => {
  const pool = createModelPool({ readKey: () => "sk-x" });
  withGrant("", () => {
    pool.client(connection({ provider: "openai", base_url: "http://127.0.0.1:9/v1" }), {
      role: "target",
      who: "the target",
    });
    pool.client(connection({ provider: "anthropic", api_key_env: "K" }), {
      role: "judge",
      who: 'judge "fair"',
    });
  });
});
