import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";
import { workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";
import { keyPointedAt as pointedAt, storedFiles } from "../support/key_hosts.ts";

const KEY = "sk-mcp-key-hosts-0b9e44";

Deno.test("over MCP a suite that points the server's key at an ungranted host is refused with 64, and the listener hears nothing", async () => {
  const listener = startMockServer(() => openaiCompletion("a"));
  try {
    const cwd = await workspace({ "suite.toml": pointedAt(listener.url) });
    const session = await connect(cwd, { env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" } });
    try {
      const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
      assertEquals(envelope.exit_code, 64, JSON.stringify(envelope));
      match(
        envelope.error?.message ?? "",
        /^suite\.toml:6:1: .*DIGLINE_KEY_HOSTS="OPENAI_API_KEY=127\.0\.0\.1:\d+"$/,
      );
    } finally {
      await session.close();
    }
    assertEquals(listener.requests.length, 0);
    assertEquals(await storedFiles(cwd), []);
  } finally {
    await listener.close();
  }
});

Deno.test("digline mcp launched with the host granted runs the same suite, and the key reaches that server", async () => {
  const listener = startMockServer(() => openaiCompletion("a"));
  try {
    const cwd = await workspace({ "suite.toml": pointedAt(listener.url) });
    const session = await connect(cwd, {
      env: {
        OPENAI_API_KEY: KEY,
        DIGLINE_KEY_HOSTS: `OPENAI_API_KEY=${new URL(listener.url).host}`,
      },
    });
    try {
      const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
      assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
    } finally {
      await session.close();
    }
    assertEquals(listener.requests.length, 1);
    assertEquals(listener.requests[0].headers["authorization"], `Bearer ${KEY}`);
    ok((await storedFiles(cwd)).length > 0);
  } finally {
    await listener.close();
  }
});
