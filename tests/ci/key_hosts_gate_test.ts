import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";
import { workspace } from "../cli/_cli.ts";
import { gateStep, lineOf } from "../support/gate_step.ts";
import { keyPointedAt as pointedAt } from "../support/key_hosts.ts";

const KEY = "sk-gate-key-hosts-61d0a7";

Deno.test("the gate refuses a suite that points the job's key at a host the workflow did not grant, and sends it nothing", async () => {
  const listener = startMockServer(() => openaiCompletion("a"));
  try {
    const parent = await workspace({});
    const cwd = join(parent, "w");
    await Deno.mkdir(cwd);
    await Deno.writeTextFile(join(cwd, "model.toml"), pointedAt(listener.url));
    const step = await gateStep(cwd, "model.toml", { OPENAI_API_KEY: KEY });
    assertEquals(step.code, 64, step.log);
    match(
      lineOf(step.summary, "model.toml"),
      /NOT RUN \(exit 64\), refused: .*OPENAI\\_API\\_KEY.*DIGLINE\\_KEY\\_HOSTS=.*workflow's env$/,
    );
    assertEquals(listener.requests.length, 0);
    assertEquals(step.log.includes(KEY), false);

    // Granted in the workflow's env (the base branch's), the same suite runs.
    const granted = await gateStep(cwd, "model.toml", {
      OPENAI_API_KEY: KEY,
      DIGLINE_KEY_HOSTS: `OPENAI_API_KEY=${new URL(listener.url).host}`,
    });
    assertEquals(listener.requests.length, 1, granted.log);
    assertEquals(listener.requests[0].headers["authorization"], `Bearer ${KEY}`);
  } finally {
    await listener.close();
  }
});
