import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { anthropicMessage, startMockServer } from "../fixtures/models/mock_server.ts";
import { keyHostGrant } from "../support/key_hosts.ts";
import { cli, spawnCli, workspace } from "./_cli.ts";

const CASES = 24;
const CONCURRENCY = 4;
const KEY = "sk-rejudge-resume-3c9a";

/**
 * A suite whose command target logs every call to calls.log and answers "out-<n>-end", and whose
 * one check is a judge on the mock model server: the rubric is the edit that calls for a rejudge.
 */
function judgedSuite(url: string, rubric: string): string {
  const cases = Array.from(
    { length: CASES },
    (_, i) => `[[cases]]\nid = "c${i}"\nvars = { n = ${i} }\n`,
  ).join("\n");
  return `name = "judged"

[target]
command = ["sh", "-c", "v=$(cat); echo \\"$v\\" >> calls.log; echo \\"out-$(echo \\"$v\\" | tr -dc 0-9)-end\\""]
concurrency = ${CONCURRENCY}
retries = 0

[[assertions]]
name = "polite"
kind = "judge"
rubric = "${rubric}"
provider = "anthropic"
base_url = "${url}"
model = "judge-model"
api_key_env = "DIGLINE_TEST_KEY"
backoff_ms = 0

${cases}`;
}

/** The mock judge: passes every answer, after `delay` ms. */
function judge() {
  const state = { delay: 0 };
  const server = startMockServer(async () => {
    await new Promise((resolve) => setTimeout(resolve, state.delay));
    return anthropicMessage(`{"verdict": "pass", "reason": "fine"}`, {
      usage: { input: 10, output: 3 },
    });
  });
  return { server, state };
}

/** The case each judge request graded, read from the output in its prompt. */
function judgedCases(bodies: unknown[]): string[] {
  return bodies.map((body) => `c${/out-(\d+)-end/.exec(JSON.stringify(body))?.[1]}`);
}

async function targetCalls(cwd: string): Promise<number> {
  const text = await Deno.readTextFile(join(cwd, "calls.log")).catch(() => "");
  return text.split("\n").filter((l) => l !== "").length;
}

async function journaled(cwd: string, runId: string): Promise<string[]> {
  const path = join(cwd, ".digline", "default", "work", `judged.rejudge-${runId}.jsonl`);
  const lines = (await Deno.readTextFile(path)).split("\n").slice(1).filter((l) => l !== "");
  // A kill mid-write leaves a torn last line: resume drops it, so it is not journaled.
  return lines.flatMap((l) => {
    try {
      return [JSON.parse(l).case_id];
    } catch {
      return [];
    }
  });
}

Deno.test("a rejudge killed with SIGKILL resumes without judging a journaled case again, and never calls the target", async () => {
  const { server, state } = judge();
  try {
    const env = { DIGLINE_TEST_KEY: KEY, ...keyHostGrant(server.url, "DIGLINE_TEST_KEY") };
    const cwd = await workspace({ "suite.toml": judgedSuite(server.url, "The answer is polite.") });
    const first = await cli(["run", "suite.toml", "--json"], { cwd, env });
    assertEquals(first.code, 0, first.stderr);
    const runId = RunSummarySchema.parse(JSON.parse(first.stdout)).run_id;
    const called = await targetCalls(cwd);
    assertEquals(called, CASES);
    await Deno.writeTextFile(
      join(cwd, "suite.toml"),
      judgedSuite(server.url, "The answer is polite and brief."),
    );
    state.delay = 150;
    const before = server.requests.length;
    const child = spawnCli(["rejudge", runId], { cwd, env: { ...env, NO_COLOR: "1" } });
    // Kill once a third of the cases were judged. The bound is generous for a loaded machine.
    for (let i = 0; i < 2400 && server.requests.length - before < CASES / 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    child.kill("SIGKILL");
    await child.status;
    const done = await journaled(cwd, runId);
    ok(done.length > 0 && done.length < CASES, `journaled ${done.length} of ${CASES}`);

    const refused = await cli(["rejudge", runId], { cwd, env });
    assertEquals(refused.code, 64, "a plain rejudge refuses to discard the interrupted one");
    match(refused.stderr, /--resume/);

    state.delay = 0;
    const judgedBefore = server.requests.length;
    const resumed = await cli(["rejudge", runId, "--resume", "--json"], { cwd, env });
    assertEquals(resumed.code, 0, resumed.stderr);
    const summary = RunSummarySchema.parse(JSON.parse(resumed.stdout));
    const judgedAfter = judgedCases(server.requests.slice(judgedBefore).map((r) => r.body));
    for (const id of done) ok(!judgedAfter.includes(id), `journaled case ${id} was judged again`);
    assertEquals(new Set(summary.resumed), new Set(done));
    assertEquals(summary.rejudged_from, runId);
    assertEquals(summary.cases.length, CASES);
    assertEquals(summary.checks.pass.length, CASES);
    assertEquals(summary.checks.error, []);
    assertEquals(await targetCalls(cwd), called, "the target was never called by rejudge");
    const work = join(cwd, ".digline", "default", "work", `judged.rejudge-${runId}.jsonl`);
    ok(!(await Deno.stat(work).then(() => true, () => false)), "the work file is removed");
  } finally {
    await server.close();
  }
});
