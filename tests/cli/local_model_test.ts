// digline against a model served as the local OpenAI-compatible servers serve one (llama.cpp's
// server, Ollama, vLLM), through the real CLI: what a team running a real model meets.
import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema, RunSummarySchema } from "../../core/documents/mod.ts";
import { modelOf, startLocalModelServer, userTurn } from "../fixtures/models/local_server.ts";
import { startMockServer } from "../fixtures/models/mock_server.ts";
import { cli, workspace } from "./_cli.ts";

const CAPITALS: Record<string, string> = {
  France: "Paris",
  Italy: "Rome",
  Spain: "Madrid",
  Peru: "Lima",
  Japan: "Tokyo",
  Kenya: "Nairobi",
  Chile: "Santiago",
  Egypt: "Cairo",
};

/** A suite asking the local model `cases` questions; `target` and `extra` add their keys. */
function suite(
  baseUrl: string,
  options: { cases: string[]; target?: string; extra?: string; answers?: (c: string) => string },
): string {
  const answer = options.answers ?? ((c: string) => CAPITALS[c] ?? `${c}-town`);
  return `name = "local"

[target]
provider = "openai"
base_url = "${baseUrl}"
model = "local"
prompt = "The capital of {{country}}?"
backoff_ms = 10
${options.target ?? ""}

[[assertions]]
name = "correct"
kind = "equals"
${options.extra ?? ""}

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
${
    options.cases.map((c) => `
[[cases]]
id = "${c.toLowerCase()}"
vars = { country = "${c}" }
expected = "${answer(c)}"
`).join("")
  }`;
}

function countryOf(prompt: string): string {
  return prompt.replace(/^The capital of /, "").replace(/\?$/, "");
}

/** The model knows every capital; an unknown country's is "<country>-town". */
function knows(prompt: string): string {
  const country = countryOf(prompt);
  return CAPITALS[country] ?? `${country}-town`;
}

Deno.test("a temperature changed in the suite is named in compare's reading, in explain and in --json", async () => {
  const server = startLocalModelServer((request) => knows(userTurn(request)));
  try {
    const cases = Object.keys(CAPITALS);
    const cwd = await workspace({
      "suite.toml": suite(server.baseUrl, { cases, target: "temperature = 0" }),
    });
    assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
    assertEquals((await cli(["promote", "latest", "--because", "first"], { cwd })).code, 0);
    await Deno.writeTextFile(
      join(cwd, "suite.toml"),
      suite(server.baseUrl, { cases, target: "temperature = 1.5" }),
    );
    assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);

    const compare = await cli(["compare"], { cwd });
    assertEquals(compare.code, 0, compare.stderr);
    const context = compare.stdout.split("\n").find((l) => l.startsWith("suite local:"));
    match(context ?? "", /; changed: temperature 0 → 1\.5$/);

    const explain = await cli(["explain"], { cwd });
    match(explain.stdout, /^target-changed {2}temperature {2}0 → 1\.5$/m);
    const document = CompareDocumentSchema.parse(
      JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
    );
    assertEquals(document.facts.filter((f) => f.kind === "target-changed"), [
      { kind: "target-changed", setting: "temperature", from: "0", to: "1.5" },
    ]);
  } finally {
    await server.close();
  }
});

Deno.test("60% short-lived 503s (a server loading its model) with retries = 6 end with no errored verdict", async () => {
  // Each question is answered "503 Loading model" once or twice before its answer: 60 of 100.
  const asked = new Map<string, number>();
  const server = startLocalModelServer((request) => {
    const prompt = userTurn(request);
    const n = (asked.get(prompt) ?? 0) + 1;
    asked.set(prompt, n);
    const index = Number(/(\d+)/.exec(prompt)?.[1] ?? 0);
    return n <= (index % 2 === 0 ? 1 : 2) ? "loading" : knows(prompt);
  });
  try {
    const cases = Array.from({ length: 40 }, (_, i) => `Land${i}`);
    const cwd = await workspace({
      "suite.toml": suite(server.baseUrl, { cases, target: "retries = 6" }),
    });
    const run = await cli(["run", "suite.toml", "--json"], { cwd });
    const summary = RunSummarySchema.parse(JSON.parse(run.stdout));
    assertEquals(summary.checks.error, [], run.stderr);
    assertEquals(run.code, 0, run.stderr);
    const loading = server.chats.filter((c) => c.answer === "loading").length;
    assertEquals([loading, server.chats.length], [60, 100]);
  } finally {
    await server.close();
  }
});

Deno.test("a run whose every case errored is stored and exits 2, naming how many and the first cause, whole", async () => {
  // A local server that is not up yet: its port refuses the connection.
  const gone = startMockServer(() => new Response("never"));
  const url = `${gone.url}/v1`;
  await gone.close();
  const cwd = await workspace({
    "suite.toml": suite(url, { cases: ["France", "Italy"], target: "retries = 0" }),
  });
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 2, run.stdout + run.stderr);
  const said = run.stderr.split("\n").filter((l) => l.includes("could not be judged"));
  assertEquals(said.length, 1, run.stderr);
  match(
    said[0],
    /^digline: run \S+ could not be judged \(exit 2\): 2 checks errored, first cause: the target failed after 1 attempt: the request to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions failed/,
  );
  // The cause is whole: what failed is at its end, never cut off before it.
  match(said[0], /Connection refused[^.]*\. The run is stored/);
  const summary = await cli(["view", "latest"], { cwd });
  match(summary.stdout, /2 checks errored: .*Connection refused/);
  // Stored all the same: view reads it.
  const view = await cli(["view", "latest", "--json"], { cwd });
  assertEquals(view.code, 0, view.stderr);
  assertEquals(RunSummarySchema.parse(JSON.parse(view.stdout)).checks.error.length, 2);
});

Deno.test("a judge that abstains once and then answers is asked again, and the run can be approved", async () => {
  const judged = new Map<string, number>();
  const server = startLocalModelServer((request) => {
    const prompt = userTurn(request);
    if (modelOf(request) !== "judge") return knows(prompt);
    // Counted by the first question: the re-ask follows it with a turn of its own.
    const first = (request.body as { messages: { content: string }[] }).messages[0].content;
    const n = (judged.get(first) ?? 0) + 1;
    judged.set(first, n);
    // The sampled judge wanders off the format on its first try at each output.
    return n === 1 ? "Looks fine to me, I think." : '{"verdict": "pass", "reason": "names a city"}';
  });
  try {
    const cwd = await workspace({
      "suite.toml": suite(server.baseUrl, {
        cases: ["France", "Italy", "Spain"],
        extra: `
[[assertions]]
name = "a-city"
kind = "judge"
rubric = "The answer names a city."
provider = "openai"
base_url = "${server.baseUrl}"
model = "judge"
backoff_ms = 10
`,
      }),
    });
    const run = await cli(["run", "suite.toml", "--json"], { cwd });
    assertEquals(run.code, 0, run.stderr);
    assertEquals(RunSummarySchema.parse(JSON.parse(run.stdout)).checks.error, []);
    const promote = await cli(["promote", "latest", "--because", "judged"], { cwd });
    assertEquals(promote.code, 0, promote.stderr);
    assertEquals(server.chats.filter((c) => modelOf(c.request) === "judge").length, 6);
  } finally {
    await server.close();
  }
});

Deno.test("under compare --confirm a figure that dropped is never called better", async () => {
  // Twenty countries the model always knows, ten it knows only in some runs.
  const steady = Array.from({ length: 20 }, (_, i) => `Steady${i}`);
  const noisy = Array.from({ length: 10 }, (_, i) => `Noisy${i}`);
  const state = { noisyRight: true };
  const server = startLocalModelServer((request) => {
    const country = countryOf(userTurn(request));
    return country.startsWith("Noisy") && !state.noisyRight ? "I do not know." : knows(
      userTurn(request),
    );
  });
  try {
    const cwd = await workspace({
      "suite.toml": suite(server.baseUrl, {
        cases: [...steady, ...noisy],
        extra: "\n[gate]\nmax_extra_calls = 100\n",
      }),
    });
    // A baseline of six runs that disagree on the noisy ten (--confirm needs six at 30 checks).
    for (let i = 0; i < 6; i++) {
      state.noisyRight = i % 2 === 0;
      assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
    }
    state.noisyRight = false;
    const list = JSON.parse((await cli(["list", "--json"], { cwd })).stdout);
    const ids = list.runs.map((r: { run_id: string }) => r.run_id);
    const promote = await cli(["promote", ...ids, "--because", "six runs"], { cwd });
    assertEquals(promote.code, 0, promote.stderr);
    // The candidate misses all ten; the confirmation draws then find them right again.
    assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
    state.noisyRight = true;
    const confirmed = await cli(["compare", "--confirm"], { cwd });
    ok([0, 1].includes(confirmed.code), confirmed.stdout + confirmed.stderr);
    const document = CompareDocumentSchema.parse(
      JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
    );
    const accuracy = document.figures.find((f) => f.name === "accuracy");
    ok((accuracy?.delta ?? 0) < 0, `the figure dropped: ${JSON.stringify(accuracy)}`);
    ok(accuracy?.status !== "better", `a dropped figure was called ${accuracy?.status}`);
    assertEquals(document.facts.filter((f) => f.kind === "figure-better"), []);
    ok(!/better: accuracy/.test(confirmed.stdout), confirmed.stdout);
  } finally {
    await server.close();
  }
});
