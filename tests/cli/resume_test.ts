import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, spawnCli, workspace } from "./_cli.ts";

const CASES = 40;
const CONCURRENCY = 4;

/** A suite whose command target appends every call to calls.log, then sleeps, then answers. */
function loggingSuite(sleepSeconds: number): string {
  const cases = Array.from(
    { length: CASES },
    (_, i) => `[[cases]]\nid = "c${i}"\nvars = { n = ${i} }\nexpected = "${i}"\n`,
  ).join("\n");
  return `name = "resumable"

[target]
command = ["sh", "-c", "v=$(cat); echo \\"$v\\" >> calls.log; sleep ${sleepSeconds}; echo \\"$v\\" | tr -dc 0-9"]
concurrency = ${CONCURRENCY}
retries = 0

[[assertions]]
name = "echoes"
kind = "equals"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "echoes"

${cases}`;
}

function spawnRun(cwd: string) {
  return spawnCli(["run", "suite.toml"], { cwd });
}

async function calls(cwd: string): Promise<string[]> {
  const text = await Deno.readTextFile(join(cwd, "calls.log")).catch(() => "");
  return text.split("\n").filter((l) => l !== "").map((l) => `c${JSON.parse(l).n}`);
}

async function journaled(cwd: string): Promise<string[]> {
  const path = join(cwd, ".digline", "default", "work", "resumable.jsonl");
  const lines = (await Deno.readTextFile(path)).split("\n").slice(1, -1);
  return lines.map((l) => JSON.parse(l).case_id);
}

async function killPartway(cwd: string, signal: Deno.Signal): Promise<number> {
  const child = spawnRun(cwd);
  // Wait until a third of the cases have been called, then stop the process mid-run. The bound
  // is generous: on a loaded machine the CLI alone can take seconds to start.
  for (let i = 0; i < 2400 && (await calls(cwd)).length < CASES / 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill(signal);
  const code = (await child.status).code;
  // A SIGKILL leaves the target's shells running: one started just before the kill may log its
  // call after this returns. Wait until the log has been still for longer than a shell takes to start.
  let seen = -1;
  for (let i = 0; i < 100; i++) {
    const now = (await calls(cwd)).length;
    if (now === seen) break;
    seen = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return code;
}

async function resumeAndCheck(cwd: string): Promise<void> {
  const before = await journaled(cwd);
  const calledBefore = await calls(cwd);
  ok(before.length > 0 && before.length < CASES, `journaled ${before.length} of ${CASES}`);
  const refused = await cli(["run", "suite.toml"], { cwd });
  assertEquals(refused.code, 64, "a plain run refuses to discard the interrupted one");
  match(refused.stderr, /--resume/);
  const resumed = await cli(["run", "suite.toml", "--resume", "--json"], { cwd });
  assertEquals(resumed.code, 0, resumed.stderr);
  const summary = RunSummarySchema.parse(JSON.parse(resumed.stdout));
  const calledAfter = (await calls(cwd)).slice(calledBefore.length);
  for (const id of before) ok(!calledAfter.includes(id), `journaled case ${id} was called again`);
  assertEquals(new Set(summary.resumed), new Set(before));
  assertEquals(summary.cases.length, CASES);
  assertEquals(new Set(summary.cases).size, CASES, "every case has exactly one result");
  assertEquals(summary.checks.error, [], "the resumed run reconciles");
  assertEquals(summary.checks.pass.length, CASES);
  const repeated = calledAfter.filter((id) => calledBefore.includes(id));
  ok(repeated.length <= CONCURRENCY, `${repeated.length} calls repeated, more than in flight`);
  const work = join(cwd, ".digline", "default", "work", "resumable.jsonl");
  ok(!(await Deno.stat(work).then(() => true, () => false)), "the work file is removed");
}

Deno.test("a run killed with SIGKILL resumes without calling a journaled case again", async () => {
  const cwd = await workspace({ "suite.toml": loggingSuite(0.15) });
  await killPartway(cwd, "SIGKILL");
  await resumeAndCheck(cwd);
});

Deno.test("Ctrl-C leaves a resumable journal and exits 130", async () => {
  const cwd = await workspace({ "suite.toml": loggingSuite(0.15) });
  assertEquals(await killPartway(cwd, "SIGINT"), 130);
  await resumeAndCheck(cwd);
});

Deno.test("a resumed run's verdicts are those of an uninterrupted run", async () => {
  const whole = await workspace({ "suite.toml": loggingSuite(0) });
  const uninterrupted = await cli(["run", "suite.toml", "--json"], { cwd: whole });
  const cwd = await workspace({ "suite.toml": loggingSuite(0.15) });
  await killPartway(cwd, "SIGKILL");
  const resumed = await cli(["run", "suite.toml", "--resume", "--json"], { cwd });
  const a = JSON.parse(uninterrupted.stdout);
  const b = JSON.parse(resumed.stdout);
  assertEquals(b.checks, a.checks);
  assertEquals(b.figures, a.figures);
});

Deno.test("run --restart discards an interrupted run and starts over", async () => {
  const cwd = await workspace({ "suite.toml": loggingSuite(0.15) });
  await killPartway(cwd, "SIGKILL");
  const before = (await calls(cwd)).length;
  const result = await cli(["run", "suite.toml", "--restart", "--json"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  assertEquals((await calls(cwd)).length - before, CASES);
});

Deno.test("run --resume --restart is refused before the suite is read or anything is called", async () => {
  const cwd = await workspace({ "suite.toml": loggingSuite(0) });
  const both = await cli(["run", "suite.toml", "--resume", "--restart"], { cwd });
  assertEquals(both.code, 64, both.stderr);
  match(both.stderr, /--resume and --restart contradict each other; give one/);
  assertEquals(await calls(cwd), []);
  // Even a suite that is not there: the contradiction is named first, not the missing file.
  const missing = await cli(["run", "nowhere.toml", "--restart", "--resume"], { cwd });
  assertEquals(missing.code, 64, missing.stderr);
  match(missing.stderr, /--resume and --restart contradict each other/);
});
