import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join, relative } from "node:path";
import { apiError, openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";
import { call, connect } from "../mcp/_mcp.ts";
import { cli, spawnCli, workspace } from "./_cli.ts";
import { questionSuite } from "../support/suite_toml.ts";
import { grantKeyHost } from "../support/key_hosts.ts";

// A key with characters that each encoding changes: JSON escapes the quote, a URL encodes it.
const KEY = 'sk-"choke"/point+Zx9';
const FORMS = {
  plain: KEY,
  json: JSON.stringify(KEY).slice(1, -1),
  url: encodeURIComponent(KEY),
  base64: btoa(KEY),
};
// A variable the digline task may read: every process knows its key, even one (view, the MCP
// server) that never reads a suite.
const VARIABLE = "OPENAI_API_KEY";
const ENV = { [VARIABLE]: KEY };

/** Case "quote" answers every form of the key; "error" is a 400 quoting it; "hang" never answers. */
function quotingProvider() {
  return startMockServer((request) => {
    const question = JSON.stringify(request.body);
    if (question.includes("error")) {
      return apiError("openai", {
        status: 400,
        message: `bad request for key ${KEY} (${FORMS.url})`,
      });
    }
    if (question.includes("hang")) return "hang";
    return openaiCompletion(
      `plain ${FORMS.plain} json ${FORMS.json} url ${FORMS.url} base64 ${FORMS.base64}`,
    );
  });
}

function suite(url: string, cases: string[]): string {
  return questionSuite("choke", {
    url,
    keyVariable: VARIABLE,
    check: { name: "mentions", value: "nothing like this" },
    cases,
  });
}

/** Every file under `dir`, with the forms of the key it holds. */
async function leaks(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(path: string): Promise<void> {
    for await (const entry of Deno.readDir(path)) {
      const child = join(path, entry.name);
      if (entry.isDirectory) await walk(child);
      else found.push(...leaksIn(await Deno.readTextFile(child), relative(dir, child)));
    }
  }
  await walk(dir);
  return found;
}

function leaksIn(text: string, where: string): string[] {
  return Object.entries(FORMS).filter(([, form]) => text.includes(form)).map(([name]) =>
    `${where}: ${name}`
  );
}

Deno.test("a key quoted back in every form never reaches the store, a journal, stdout or stderr", async () => {
  const server = quotingProvider();
  grantKeyHost(server.url, VARIABLE);
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url, ["quote", "error", "hang"]) });
    // Stopped on the hanging case, so the journal of the two answered cases is left behind.
    const child = spawnCli(["run", "suite.toml"], { cwd, stderr: "piped", env: ENV });
    const journal = join(cwd, ".digline", "default", "work");
    for (let i = 0; i < 600 && server.requests.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assertEquals(server.requests.length, 3, "the run never reached the hanging case");
    child.kill("SIGKILL");
    const interrupted = await child.output();
    assertEquals(leaksIn(new TextDecoder().decode(interrupted.stderr), "stderr"), []);
    const journalText = await leaks(journal);
    assertEquals(journalText, []);
    ok((await Array.fromAsync(Deno.readDir(journal))).length > 0, "no journal was left");

    await Deno.writeTextFile(join(cwd, "suite.toml"), suite(server.url, ["quote", "error"]));
    const run = await cli(["run", "suite.toml", "--restart", "--json"], { cwd, env: ENV });
    // The "error" case errors on purpose, so the run is stored and exits 2.
    assertEquals(run.code, 2, run.stderr);
    const runId = JSON.parse(run.stdout).run_id;
    const stored = JSON.parse(await Deno.readTextFile(join(cwd, JSON.parse(run.stdout).path)));
    // The key was there to find: the output holds the scrubbed forms, the error its message.
    ok(stored.cases[0].output.includes("[the key]"), stored.cases[0].output);
    const printed = [
      run,
      await cli(["view", runId], { cwd, env: ENV }),
      await cli(["diff", runId, runId], { cwd, env: ENV }),
      await cli(["view", KEY], { cwd, env: ENV }),
    ];
    assertEquals(printed[3].code, 64, "a run named by the key is refused, naming what was asked");
    for (const [i, result] of printed.entries()) {
      assertEquals(leaksIn(result.stdout + result.stderr, `command ${i}`), []);
    }
    assertEquals(await leaks(join(cwd, ".digline")), []);
  } finally {
    await server.close();
  }
});

Deno.test("a key quoted back in every form never reaches an MCP result", async () => {
  const server = quotingProvider();
  grantKeyHost(server.url, VARIABLE);
  const before = Deno.env.get(VARIABLE);
  Deno.env.set(VARIABLE, KEY);
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url, ["quote", "error"]) });
    const session = await connect(cwd);
    try {
      const run = await call(session, "run", { suite_file: "suite.toml" });
      // The "error" case errors on purpose, so the run is stored and exits 2.
      assertEquals(run.envelope.exit_code, 2, JSON.stringify(run.envelope));
      const runId = (run.envelope.document as { run_id: string }).run_id;
      const diff = await call(session, "diff", { a: runId, b: runId });
      const view = await call(session, "view", { run: KEY });
      assertEquals(view.envelope.exit_code, 64);
      for (const [name, answer] of Object.entries({ run, diff, view })) {
        assertEquals(leaksIn(JSON.stringify(answer.result), name), []);
      }
      assertEquals(leaksIn(session.stderr(), "server stderr"), []);
    } finally {
      await session.close();
    }
    assertEquals(await leaks(join(cwd, ".digline")), []);
  } finally {
    if (before === undefined) Deno.env.delete(VARIABLE);
    else Deno.env.set(VARIABLE, before);
    await server.close();
  }
});
