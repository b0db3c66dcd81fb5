// A model server that dies mid-run leaves a stored run whose later cases errored. `run
// --retry-errors` calls again only those cases, keeps the original, and stores the completed run
// bound to the original by digest.
import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import {
  type LocalModelServer,
  startLocalModelServer,
  userTurn,
} from "../fixtures/models/local_server.ts";
import {
  type MockModelServer,
  openaiCompletion,
  type RecordedRequest,
  startMockServer,
} from "../fixtures/models/mock_server.ts";
import { storedRun } from "../support/stored_run.ts";
import { cli, git, workspace } from "./_cli.ts";

const COUNT = 20;

function suite(baseUrl: string, options: { expected?: (i: number) => string } = {}): string {
  const expected = options.expected ?? ((i: number) => `Land${i}-town`);
  return `name = "retry"

[target]
provider = "openai"
base_url = "${baseUrl}"
model = "local"
prompt = "The capital of {{country}}?"
concurrency = 1
retries = 0
circuit_window_ms = 0

[[assertions]]
name = "correct"
kind = "equals"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
${
    Array.from({ length: COUNT }, (_, i) => `
[[cases]]
id = "land${i}"
vars = { country = "Land${i}" }
expected = "${expected(i)}"
`).join("")
  }`;
}

const answer = (prompt: string) =>
  `${prompt.replace(/^The capital of /, "").replace(/\?$/, "")}-town`;

/**
 * A model server that answers its first `alive` questions and then dies: it stops listening, so
 * every later call is a refused connection. `restart` starts it again on the same port, and
 * `chats` counts every question either life was asked.
 */
function dyingServer(alive: number) {
  const chats: string[] = [];
  const answerAll = (request: RecordedRequest) => {
    chats.push(userTurn(request));
    return answer(userTurn(request));
  };
  let left = alive;
  const first: MockModelServer = startMockServer((request) => {
    const said = openaiCompletion(answerAll(request), { usage: { input: 10, output: 2 } });
    if (--left > 0) return said;
    // The last answer goes out on a connection that closes after it, and nothing listens since.
    void first.close();
    said.headers.set("connection", "close");
    return said;
  });
  const port = Number(new URL(first.url).port);
  let again: LocalModelServer | undefined;
  return {
    baseUrl: `${first.url}/v1`,
    chats,
    restart() {
      again = startLocalModelServer(answerAll, { port });
    },
    close: async () => {
      await first.close();
      await again?.close();
    },
  };
}

async function interruptedRun(options: { git?: boolean } = {}) {
  const server = dyingServer(12);
  const cwd = await workspace({ "suite.toml": suite(server.baseUrl) });
  if (options.git === true) {
    await git(cwd, "init", "-q");
    await Deno.writeTextFile(join(cwd, ".gitignore"), ".digline/\n");
    await git(cwd, "add", ".");
    await git(cwd, "commit", "-q", "-m", "the suite");
  }
  const first = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(first.code, 2, first.stderr);
  const original = RunSummarySchema.parse(JSON.parse(first.stdout));
  assertEquals(original.checks.error.length, COUNT - 12);
  match(first.stderr, /Connection refused/);
  assertEquals(server.chats.length, 12);
  server.restart();
  return { server, cwd, original };
}

Deno.test("run --retry-errors after a mid-run death calls only the errored cases and stores a judged run", async () => {
  const { server, cwd, original } = await interruptedRun();
  try {
    const before = server.chats.length;
    const retried = await cli(["run", "--retry-errors", "--json"], { cwd });
    assertEquals(retried.code, 0, retried.stderr);
    // Only the errored cases were asked again.
    const asked = server.chats.slice(before).sort();
    assertEquals(
      asked,
      Array.from({ length: COUNT - 12 }, (_, i) => `The capital of Land${i + 12}?`).sort(),
    );
    const summary = RunSummarySchema.parse(JSON.parse(retried.stdout));
    ok(summary.run_id !== original.run_id);
    assertEquals(summary.checks.error, []);
    assertEquals(summary.checks.pass.length, COUNT);
    // The link: the original run by id and digest, and the cases called again.
    assertEquals(summary.retried_from?.run_id, original.run_id);
    match(summary.retried_from?.run_digest ?? "", /^[0-9a-f]{64}$/);
    assertEquals(summary.retried_from?.cases.length, COUNT - 12);
    // The original is kept as it was.
    const kept = await storedRun(cwd, original.path!);
    assertEquals(kept.run_id, original.run_id);
    const list = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
    assertEquals(list.runs.length, 2);
    // The completed run is a judged run: it can be approved, and compare reads it.
    const promote = await cli(["promote", "latest", "--because", "completed"], { cwd });
    assertEquals(promote.code, 0, promote.stderr);
    // The plain summary says what was reused and what was called again.
    const text = await cli(["view", "latest"], { cwd });
    assertEquals(text.code, 0, text.stderr);
    match(
      text.stdout,
      new RegExp(`^ {2}retried {4}8 errored cases of run ${original.run_id} called again`, "m"),
    );
  } finally {
    await server.close();
  }
});

Deno.test("run --retry-errors names the run and prints what it did", async () => {
  const { server, cwd, original } = await interruptedRun();
  try {
    const retried = await cli(["run", "--retry-errors", original.run_id.slice(0, 20)], { cwd });
    assertEquals(retried.code, 0, retried.stderr);
    match(
      retried.stdout,
      new RegExp(`retried: 8 errored cases of run ${original.run_id} called again, 12 reused`),
    );
  } finally {
    await server.close();
  }
});

Deno.test("run --retry-errors is refused when the suite changed since the run, and calls nothing", async () => {
  const { server, cwd } = await interruptedRun();
  try {
    await Deno.writeTextFile(
      join(cwd, "suite.toml"),
      suite(server.baseUrl, { expected: (i) => i === 0 ? "Atlantis" : `Land${i}-town` }),
    );
    const before = server.chats.length;
    const refused = await cli(["run", "--retry-errors"], { cwd });
    assertEquals(refused.code, 64, refused.stderr);
    assertEquals(refused.stderr.trim().split("\n").length, 1, refused.stderr);
    match(refused.stderr, /suite\.toml/);
    match(refused.stderr, /changed/);
    assertEquals(server.chats.length, before);
    const list = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
    assertEquals(list.runs.length, 1);
  } finally {
    await server.close();
  }
});

Deno.test("run --retry-errors is refused when the code moved to another commit since the run, and calls nothing", async () => {
  const { server, cwd } = await interruptedRun({ git: true });
  try {
    await Deno.writeTextFile(join(cwd, "system.txt"), "changed\n");
    await git(cwd, "add", "system.txt");
    await git(cwd, "commit", "-q", "-m", "the system changed");
    const before = server.chats.length;
    const refused = await cli(["run", "--retry-errors"], { cwd });
    assertEquals(refused.code, 64, refused.stderr);
    match(refused.stderr, /it ran the code at [0-9a-f]{40}, and the code is at [0-9a-f]{40} now/);
    assertEquals(server.chats.length, before);
  } finally {
    await server.close();
  }
});

Deno.test("run SUITE --retry-errors completes that suite's latest run", async () => {
  const { server, cwd, original } = await interruptedRun();
  try {
    const retried = await cli(["run", "suite.toml", "--retry-errors", "--json"], { cwd });
    assertEquals(retried.code, 0, retried.stderr);
    const summary = RunSummarySchema.parse(JSON.parse(retried.stdout));
    assertEquals(summary.retried_from?.run_id, original.run_id);
  } finally {
    await server.close();
  }
});
