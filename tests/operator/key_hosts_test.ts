import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";
import { workspace } from "../cli/_cli.ts";
import { runOperator } from "../support/operator_process.ts";
import { keyPointedAt } from "../support/key_hosts.ts";

const KEY = "sk-operator-key-hosts-3e0f";

/** `operator cycle` with its task's flags plus `extra`, in `cwd`, with `env` beside PATH. */
async function cycle(cwd: string, extra: string[], env: Record<string, string>) {
  const out = await runOperator(["cycle"], { cwd, extraFlags: extra, env });
  return { code: out.code, printed: out.stdout + out.stderr };
}

Deno.test("the operator refuses a suite that points a key at a host its launch did not grant, before any call", async () => {
  const listener = startMockServer(() => openaiCompletion("a"));
  try {
    const cwd = await workspace({
      "operator.toml":
        `suite = "suite.toml"\ncadence = "0 3 * * *"\nmax_reruns = 1\nstructural_flip_cases = 8\nbudget = 20\n`,
      "suite.toml": keyPointedAt(listener.url, { retries: false }),
    });
    const flags = ["--allow-net=127.0.0.1", "--allow-env=OPENAI_API_KEY,DIGLINE_KEY_HOSTS"];
    const refused = await cycle(cwd, flags, { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" });
    assertEquals(refused.code, 64, refused.printed);
    match(
      refused.printed,
      /suite\.toml:6:1: .*DIGLINE_KEY_HOSTS="OPENAI_API_KEY=127\.0\.0\.1:\d+"/,
    );
    // Launched without leave to read the grant, it says which flag would give it.
    const unread = await cycle(cwd, ["--allow-net=127.0.0.1", "--allow-env=OPENAI_API_KEY"], {
      OPENAI_API_KEY: KEY,
    });
    assertEquals(unread.code, 64, unread.printed);
    match(unread.printed, /--allow-env=DIGLINE_KEY_HOSTS/);
    assertEquals(listener.requests.length, 0);
  } finally {
    await listener.close();
  }
});
