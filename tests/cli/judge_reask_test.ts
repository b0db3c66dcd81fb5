// A judge at temperature 0 answers the same request the same way: asking it again unchanged
// can not turn an off-format answer into a verdict. The re-ask quotes its answer back and
// restates the format, so it is a different request, and the reading says it was re-asked.
import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import type { RecordedRequest } from "../fixtures/models/mock_server.ts";
import { modelOf, startLocalModelServer, userTurn } from "../fixtures/models/local_server.ts";
import { storedRun } from "../support/stored_run.ts";
import { cli, workspace } from "./_cli.ts";

interface Message {
  role: string;
  content: string;
}

function messagesOf(request: RecordedRequest): Message[] {
  return (request.body as { messages?: Message[] }).messages ?? [];
}

/** A deterministic judge: the same request always gets the same answer. */
function deterministicJudge(request: RecordedRequest): string {
  const messages = messagesOf(request);
  // Off the format whenever it is asked the plain question; in it once its answer is quoted back.
  if (!messages.some((m) => m.role === "assistant")) return "PASS. The answer names a city.";
  return '{"verdict": "pass", "reason": "names a city"}';
}

function suite(baseUrl: string): string {
  return `name = "reask"

[target]
provider = "openai"
base_url = "${baseUrl}"
model = "local"
prompt = "The capital of {{country}}?"

[[assertions]]
name = "a-city"
kind = "judge"
rubric = "The answer names a city."
provider = "openai"
base_url = "${baseUrl}"
model = "judge"
temperature = 0

[[aggregates]]
name = "cities"
kind = "accuracy"
over = "a-city"

[[cases]]
id = "france"
vars = { country = "France" }

[[cases]]
id = "italy"
vars = { country = "Italy" }
`;
}

Deno.test("an off-format answer from a temperature-0 judge is re-asked with its answer quoted back, into a verdict the run can be approved with", async () => {
  const server = startLocalModelServer((request) =>
    modelOf(request) === "judge" ? deterministicJudge(request) : "Paris"
  );
  try {
    const cwd = await workspace({ "suite.toml": suite(server.baseUrl) });
    const run = await cli(["run", "suite.toml"], { cwd });
    assertEquals(run.code, 0, run.stdout + run.stderr);
    // The summary of a passing run counts the verdicts that needed a re-ask.
    match(run.stdout, /^ {2}2 verdicts needed a judge's re-ask/m);

    const judged = server.chats.filter((c) => modelOf(c.request) === "judge");
    assertEquals(judged.length, 4);
    const reask = messagesOf(judged.find((c) => messagesOf(c.request).length > 1)!.request);
    // The re-ask: the first question, the judge's own answer, and a turn restating the format.
    assertEquals(reask.map((m) => m.role), ["user", "assistant", "user"]);
    assertEquals(reask[1].content, "PASS. The answer names a city.");
    match(reask[2].content, /"verdict"/);
    ok(userTurn(judged[0].request) !== reask[2].content);

    const viewed = await cli(["view", "latest"], { cwd });
    match(viewed.stdout, /^ {2}re-asked {3}2 verdicts needed a judge's re-ask/m);
    const json = await cli(["view", "latest", "--json"], { cwd });
    const summary = RunSummarySchema.parse(JSON.parse(json.stdout));
    assertEquals(summary.reasked, ["france · a-city", "italy · a-city"]);
    // The verdict's reason says how it was reached.
    const stored = await storedRun(cwd, `.digline/default/runs/reask/${summary.run_id}.json`);
    const verdict = stored.cases[0].verdicts[0];
    assertEquals([verdict.status, verdict.metadata.reasked], ["pass", true]);
    match(verdict.reason, /^names a city \(on a re-ask: .*\)$/);

    const promote = await cli(["promote", "latest", "--because", "judged"], { cwd });
    assertEquals(promote.code, 0, promote.stderr);
  } finally {
    await server.close();
  }
});
