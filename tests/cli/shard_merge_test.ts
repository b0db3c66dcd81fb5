import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema, RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, workspace } from "./_cli.ts";
import { storedRun } from "../support/stored_run.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";

const CASES = 24;

/** A suite of CASES cases in two groups, one of them suspended, whose system reads `wrong.json`. */
function shardedSuite(options: { extraCase?: boolean } = {}): string {
  const lines = [
    'name = "wide"',
    "",
    "[target]",
    'module = "system.ts"',
    'export = "answer"',
    "retries = 0",
    "",
    "[[assertions]]",
    'name = "correct"',
    'kind = "equals"',
    "",
    "[[assertions]]",
    'name = "short"',
    'kind = "length"',
    "max = 3",
    "",
    "[[aggregates]]",
    'name = "accuracy"',
    'kind = "accuracy"',
    'over = "correct"',
    'by = "group"',
  ];
  const total = CASES + (options.extraCase ? 1 : 0);
  for (let n = 1; n <= total; n++) {
    lines.push("", "[[cases]]", `id = "case-${n}"`, `vars = { n = ${n} }`, `expected = "a${n}"`);
    lines.push(`group = "g${n % 2}"`);
    if (n === 7) lines.push('kind = "suspended"', 'reason = "flaky upstream"');
  }
  return lines.join("\n") + "\n";
}

const SYSTEM =
  `const wrong = JSON.parse(await Deno.readTextFile(new URL("./wrong.json", import.meta.url)));
export function answer(vars) {
  return wrong.includes(vars.n) ? "nope" : "a" + vars.n;
}
`;

async function setup(): Promise<string> {
  return await workspace({
    "suite.toml": shardedSuite(),
    "system.ts": SYSTEM,
    "wrong.json": "[]",
  });
}

async function ok0(args: string[], cwd: string) {
  const result = await cli(args, { cwd });
  assertEquals(result.code, 0, `${args.join(" ")}: ${result.stderr}`);
  return result;
}

async function runShard(cwd: string, spec: string) {
  const result = await ok0(["run", "suite.toml", "--shard", spec, "--json"], cwd);
  return RunSummarySchema.parse(JSON.parse(result.stdout));
}

/** A copy of a store holding one run of each of four shards, and what each run answered. */
const fourShards = builtOnceWith(async () => {
  const cwd = await setup();
  const shards = [];
  for (let k = 1; k <= 4; k++) shards.push(await runShard(cwd, `${k}/4`));
  return { cwd, shards };
});

/** A comparison with the candidate's id and the times taken out, which differ by design. */
function withoutIds(text: string, candidate: string): string {
  return text.replaceAll(candidate, "CANDIDATE");
}

Deno.test("a suite sharded 4 ways puts every case in exactly one shard, by its id alone", async () => {
  const { cwd, shards } = await fourShards();
  const seen = new Map<string, string>();
  for (let k = 1; k <= 4; k++) {
    const shard = shards[k - 1];
    assertEquals(shard.shard, `${k}/4`);
    for (const id of shard.cases) {
      ok(!seen.has(id), `case ${id} is in shard ${seen.get(id)} and ${k}/4`);
      seen.set(id, `${k}/4`);
    }
  }
  assertEquals(seen.size, CASES);
  // A new case moves no other case between shards.
  await Deno.writeTextFile(join(cwd, "suite.toml"), shardedSuite({ extraCase: true }));
  for (let k = 1; k <= 4; k++) {
    const shard = await runShard(cwd, `${k}/4`);
    for (const id of shard.cases) {
      if (id !== `case-${CASES + 1}`) assertEquals(seen.get(id), `${k}/4`, id);
    }
  }
});

Deno.test("merged shards compare exactly as the unsharded run does; a dropped shard exits 2 naming its cases", async () => {
  const cwd = await setup();
  await ok0(["run", "suite.toml"], cwd);
  await ok0(["promote", "latest", "--because", "approved"], cwd);
  await Deno.writeTextFile(join(cwd, "wrong.json"), "[2, 3, 5, 11, 13, 17, 19, 23]");

  await ok0(["run", "suite.toml"], cwd);
  const whole = await cli(["compare", "--json"], { cwd });
  const wholeText = await cli(["compare"], { cwd });
  assertEquals(whole.code, 1, whole.stderr);
  const wholeDoc = CompareDocumentSchema.parse(JSON.parse(whole.stdout));

  const shards = [];
  for (let k = 1; k <= 4; k++) shards.push(await runShard(cwd, `${k}/4`));
  // A shard is a partial run: it does not stand for the suite.
  const partial = await cli(["compare", shards[0].run_id], { cwd });
  assertEquals(partial.code, 64);
  match(partial.stderr, /shard 1\/4 of suite wide, a partial run/);
  const promotePartial = await cli(["promote", shards[0].run_id, "--because", "no"], { cwd });
  assertEquals(promotePartial.code, 64);

  const merged = RunSummarySchema.parse(
    JSON.parse((await ok0(["merge", ...shards.map((s) => s.run_id), "--json"], cwd)).stdout),
  );
  assertEquals(merged.merged_from, shards.map((s) => s.run_id));
  assertEquals(merged.missing_shards, []);
  const mergedCompare = await cli(["compare", "--json"], { cwd });
  assertEquals(mergedCompare.code, 1, mergedCompare.stderr);
  const mergedDoc = CompareDocumentSchema.parse(JSON.parse(mergedCompare.stdout));
  assertEquals(mergedDoc.candidate_run, merged.run_id);
  assertEquals(
    withoutIds(mergedCompare.stdout, merged.run_id),
    withoutIds(whole.stdout, wholeDoc.candidate_run),
  );
  const mergedText = await cli(["compare"], { cwd });
  assertEquals(
    withoutIds(mergedText.stdout, merged.run_id),
    withoutIds(wholeText.stdout, wholeDoc.candidate_run),
  );

  // Drop shard 3: its cases are named, compare can not judge, never passes.
  const dropped = shards[2];
  const kept = [shards[0], shards[1], shards[3]].map((s) => s.run_id);
  const partialMerge = await ok0(["merge", ...kept, "--json"], cwd);
  const partialDoc = RunSummarySchema.parse(JSON.parse(partialMerge.stdout));
  assertEquals(partialDoc.missing_shards, [{ shard: "3/4", cases: dropped.cases }]);
  for (const id of dropped.cases) match(partialMerge.stderr, new RegExp(`\\b${id}\\b`));
  const gate = await cli(["compare", "--json"], { cwd });
  assertEquals(gate.code, 2, gate.stderr);
  const gateDoc = CompareDocumentSchema.parse(JSON.parse(gate.stdout));
  const unanswered = new Set(
    gateDoc.causes.filter((f) => f.kind === "unreconciled").map((f) => f.case_id),
  );
  const expected = dropped.cases.filter((id) => id !== "case-7");
  assertEquals([...unanswered].sort(), [...expected].sort());
  ok(expected.length > 0);
  const stored = await storedRun(cwd, partialDoc.path!);
  for (const result of stored.cases) {
    if (!dropped.cases.includes(result.case_id) || result.kind === "suspended") continue;
    for (const verdict of result.verdicts) {
      assertEquals(verdict.status, "error");
      assertEquals(verdict.metadata, { unreconciled: true, cause: "shard-missing", shard: "3/4" });
    }
  }
});

Deno.test("merge --latest-shards takes the newest set and never fills a gap from another count", async () => {
  const cwd = await setup();
  for (const spec of ["1/2", "2/2", "1/3", "3/3"]) await runShard(cwd, spec);
  const merged = RunSummarySchema.parse(
    JSON.parse(
      (await ok0(["merge", "--suite", "suite.toml", "--latest-shards", "--json"], cwd)).stdout,
    ),
  );
  assertEquals(merged.missing_shards?.map((m) => m.shard), ["2/3"]);
  assertEquals(merged.merged_from?.length, 2);
  assertEquals(merged.cases.length, CASES);
});

Deno.test("merge refuses shards it can not reconcile, naming them (exit 64)", async () => {
  const { cwd, shards } = await fourShards();
  const one = shards[0];
  const again = await runShard(cwd, "1/4");
  const twice = await cli(["merge", one.run_id, again.run_id], { cwd });
  assertEquals(twice.code, 64);
  match(twice.stderr, new RegExp(`runs ${one.run_id} and ${again.run_id} are both shard 1/4`));

  const ofThree = await runShard(cwd, "2/3");
  const counts = await cli(["merge", one.run_id, ofThree.run_id], { cwd });
  assertEquals(counts.code, 64);
  match(counts.stderr, new RegExp(`${one.run_id} is shard 1/4 and run ${ofThree.run_id}`));

  await ok0(["run", "suite.toml"], cwd);
  const whole = await cli(["merge", "latest"], { cwd });
  assertEquals(whole.code, 64);
  match(whole.stderr, /is not a shard/);

  await Deno.writeTextFile(join(cwd, "suite.toml"), shardedSuite({ extraCase: true }));
  const newer = await runShard(cwd, "2/4");
  const digests = await cli(["merge", one.run_id, newer.run_id], { cwd });
  assertEquals(digests.code, 64);
  match(digests.stderr, new RegExp(`shard run ${one.run_id} was made with cases_digest`));

  const spec = await cli(["run", "suite.toml", "--shard", "0/4"], { cwd });
  assertEquals(spec.code, 64);
  match(spec.stderr, /--shard 0\/4: K is from 1 to N/);
  assertEquals((await cli(["merge"], { cwd })).code, 64);
});

Deno.test("a shard journals apart from the whole run and resumes like one", async () => {
  const { cwd, shards } = await fourShards();
  const first = shards[1];
  const stored = await storedRun(cwd, first.path!);
  const reused = { ...stored.cases[0], output: "from the journal" };
  const header = {
    journal: 1,
    run_id: "20261130-000000-000-abcdef",
    suite: "wide",
    cases_digest: first.cases_digest,
    config_hash: first.config_hash,
    started_at: "2026-11-30T00:00:00.000Z",
    git_commit: null,
  };
  const work = join(cwd, ".digline", "default", "work");
  await Deno.mkdir(work, { recursive: true });
  await Deno.writeTextFile(
    join(work, "wide.shard-2-of-4.jsonl"),
    `${JSON.stringify(header)}\n${JSON.stringify(reused)}\n`,
  );
  // Another shard, or the whole suite, is not held up by shard 2's journal.
  await runShard(cwd, "3/4");
  await ok0(["run", "suite.toml"], cwd);
  const refused = await cli(["run", "suite.toml", "--shard", "2/4"], { cwd });
  assertEquals(refused.code, 64);
  match(refused.stderr, /wide\.shard-2-of-4\.jsonl.*--resume/);
  const resumed = RunSummarySchema.parse(
    JSON.parse(
      (await ok0(["run", "suite.toml", "--shard", "2/4", "--resume", "--json"], cwd)).stdout,
    ),
  );
  assertEquals(resumed.run_id, header.run_id);
  assertEquals(resumed.resumed, [reused.case_id]);
  assertEquals(resumed.cases, first.cases);
  const run = await storedRun(cwd, resumed.path!);
  assertEquals(run.cases[0].output, "from the journal");
  assertEquals(run.shard, { index: 2, count: 4, cases: first.cases });
});
