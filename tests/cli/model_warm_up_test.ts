// A model server that answers "503 Loading model" for a few seconds after it starts, with the
// suite's default retries and backoff: what a team meets when its server starts just before the
// run. The defaults ride such a window out; the circuit still gives up on an endpoint that stays down.
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { modelOf, startLocalModelServer, userTurn } from "../fixtures/models/local_server.ts";
import { cli, workspace } from "./_cli.ts";

/** A suite asking the local model `count` questions, with every pacing setting at its default. */
function suite(baseUrl: string, options: { count: number; target?: string; judge?: boolean }) {
  const judge = options.judge !== true ? "" : `
[[assertions]]
name = "a-city"
kind = "judge"
rubric = "The answer names a city."
provider = "openai"
base_url = "${baseUrl}"
model = "judge"
`;
  return `name = "warm-up"

[target]
provider = "openai"
base_url = "${baseUrl}"
model = "local"
prompt = "The capital of {{country}}?"
${options.target ?? ""}

[[assertions]]
name = "correct"
kind = "equals"
${judge}
[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
${
    Array.from({ length: options.count }, (_, i) => `
[[cases]]
id = "land${i}"
vars = { country = "Land${i}" }
expected = "Land${i}-town"
`).join("")
  }`;
}

/**
 * Answers "503 Loading model" to the model `who` for `ms` after its first request, then each
 * question's answer; the other model answers from the start.
 */
function loadingFor(ms: number, options: { who: "local" | "judge"; retryAfter?: string }) {
  let first: number | undefined;
  return startLocalModelServer((request) => {
    if (modelOf(request) === options.who) {
      first ??= Date.now();
      if (Date.now() - first < ms) return "loading";
    }
    if (modelOf(request) === "judge") return '{"verdict": "pass"}';
    return `${userTurn(request).replace(/^The capital of /, "").replace(/\?$/, "")}-town`;
  }, options.retryAfter === undefined ? {} : { retryAfter: options.retryAfter });
}

const WINDOWS = [
  { who: "local", retryAfter: undefined },
  { who: "local", retryAfter: "1" },
  { who: "judge", retryAfter: undefined },
] as const;

for (const { who, retryAfter } of WINDOWS) {
  Deno.test(
    `a 5-second "Loading model" window of the ${who === "local" ? "target" : "judge"} (${
      retryAfter === undefined ? "no Retry-After" : `Retry-After: ${retryAfter}`
    }) is ridden out by the default retries`,
    async () => {
      const server = loadingFor(5_000, {
        who,
        ...(retryAfter === undefined ? {} : { retryAfter }),
      });
      try {
        const cwd = await workspace({
          "suite.toml": suite(server.baseUrl, { count: 40, judge: true }),
        });
        const run = await cli(["run", "suite.toml", "--json"], { cwd });
        const summary = RunSummarySchema.parse(JSON.parse(run.stdout));
        assertEquals(summary.checks.error, [], run.stderr);
        assertEquals(run.code, 0, run.stderr);
        ok(
          server.chats.some((c) => c.answer === "loading" && modelOf(c.request) === who),
          "the window was met",
        );
      } finally {
        await server.close();
      }
    },
  );
}

Deno.test("an endpoint that stays down still opens the circuit: the later cases are not called", async () => {
  const server = startLocalModelServer(() => "loading");
  try {
    const cwd = await workspace({
      "suite.toml": suite(server.baseUrl, { count: 40, target: "circuit_window_ms = 2000" }),
    });
    const run = await cli(["run", "suite.toml", "--json"], { cwd });
    assertEquals(run.code, 2, run.stderr);
    const summary = RunSummarySchema.parse(JSON.parse(run.stdout));
    assertEquals(summary.checks.error.length, 40);
    // Eight workers, each a few attempts before the circuit opens; never 40 cases' worth of retries.
    ok(server.chats.length < 8 * 7, `${server.chats.length} calls`);
    ok(
      summary.errored_causes?.some((c) => c.cause.includes("digline stopped calling it")),
      JSON.stringify(summary.errored_causes),
    );
  } finally {
    await server.close();
  }
});
