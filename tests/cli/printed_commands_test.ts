// Every command digline prints as advice runs as printed: in a tenant and a store of their own,
// the command names them, so pasting it reaches the same runs.
import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { modelOf, startLocalModelServer } from "../fixtures/models/local_server.ts";
import { cli, workspace } from "./_cli.ts";

const WHERE = ["--tenant", "team-a", "--store", ".digline/shared store"];

/** The words of a command as a shell reads them: single quotes keep spaces. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const m of command.matchAll(/'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2]);
  return words;
}

/** The first `digline VERB ...` command in `text` that begins with `verb`, as its words. */
function printed(text: string, verb: string): string[] {
  const found = new RegExp(`digline (${verb}(?: (?:'[^']*'|[^\\s;,()]+))*)`).exec(text);
  ok(found !== null, `no "digline ${verb}" in: ${text}`);
  return shellWords(found[1]);
}

function suite(baseUrl: string, rubric: string): string {
  return `name = "printed"

[target]
provider = "openai"
base_url = "${baseUrl}"
model = "local"
prompt = "{{q}}"

[[assertions]]
name = "a-city"
kind = "judge"
rubric = "${rubric}"
provider = "openai"
base_url = "${baseUrl}"
model = "judge"
retries = 0
abstention_retries = 0

[[cases]]
id = "one"
vars = { q = "The capital of France?" }
`;
}

Deno.test("the rejudge a run that could not be judged prints names its tenant and store, and runs as printed", async () => {
  const state = { judgeUp: false };
  const server = startLocalModelServer((request) => {
    if (modelOf(request) !== "judge") return "Paris";
    return state.judgeUp ? '{"verdict": "pass"}' : "loading";
  });
  try {
    const cwd = await workspace({ "suite.toml": suite(server.baseUrl, "names a city") });
    const run = await cli(["run", "suite.toml", ...WHERE], { cwd });
    assertEquals(run.code, 2, run.stderr);
    const rejudge = printed(run.stderr, "rejudge");
    assertEquals(rejudge.slice(2), WHERE);
    const retry = printed(run.stderr, "run --retry-errors");
    assertEquals(retry.slice(3), WHERE);
    state.judgeUp = true;
    const again = await cli(rejudge, { cwd });
    assertEquals(again.code, 0, again.stderr);
  } finally {
    await server.close();
  }
});

Deno.test("compare's way out for a changed judge names the tenant and store, and runs as printed", async () => {
  const server = startLocalModelServer((request) =>
    modelOf(request) === "judge" ? '{"verdict": "pass"}' : "Paris"
  );
  try {
    const cwd = await workspace({ "suite.toml": suite(server.baseUrl, "names a city") });
    assertEquals((await cli(["run", "suite.toml", ...WHERE], { cwd })).code, 0);
    const promote = await cli(["promote", "latest", "--because", "first", ...WHERE], { cwd });
    assertEquals(promote.code, 0, promote.stderr);
    await Deno.writeTextFile(join(cwd, "suite.toml"), suite(server.baseUrl, "names a capital"));
    assertEquals((await cli(["run", "suite.toml", ...WHERE], { cwd })).code, 0);
    const compare = await cli(["explain", ...WHERE], { cwd });
    assertEquals(compare.code, 2, compare.stdout + compare.stderr);
    const rejudge = printed(compare.stdout, "rejudge");
    assertEquals(rejudge.slice(2), WHERE);
    const again = await cli(rejudge, { cwd });
    assertEquals(again.code, 0, again.stderr);
  } finally {
    await server.close();
  }
});

Deno.test("a refusal that names a command to run names the tenant and store too", async () => {
  const server = startLocalModelServer(() => "Paris");
  try {
    const cwd = await workspace({ "suite.toml": suite(server.baseUrl, "names a city") });
    const refused = await cli(["compare", ...WHERE], { cwd });
    assertEquals(refused.code, 64, refused.stderr);
    match(refused.stderr, /digline run SUITE --tenant team-a --store '\.digline\/shared store'/);
  } finally {
    await server.close();
  }
});
