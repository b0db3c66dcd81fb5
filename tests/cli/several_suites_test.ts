import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareSuitesOutputSchema, LogDocumentSchema } from "../../core/documents/mod.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";

const OTHER_SUITE = SMALL_SUITE.replace('name = "small"', 'name = "other"')
  .replace('module = "system.ts"', 'module = "other.ts"');

/** A store holding two suites, each run and approved once. */
const approvedSuites = builtOnceWith(async () => {
  const cwd = await workspace({
    "small.toml": SMALL_SUITE,
    "other.toml": OTHER_SUITE,
    "system.ts": smallSystem(),
    "other.ts": smallSystem(),
  });
  for (const suite of ["small", "other"]) {
    assertEquals((await cli(["run", `${suite}.toml`], { cwd })).code, 0);
    const promote = await cli(["promote", "latest", "--suite", suite, "--because", "ok"], { cwd });
    assertEquals(promote.code, 0, promote.stderr);
  }
  return { cwd };
});

type Wrong = { smallWrong?: number[]; otherWrong?: number[] };
const rerunStores = new Map<string, () => Promise<{ cwd: string; small: string; other: string }>>();

/**
 * A copy of a store holding two suites, each run and approved once, then run again: built once
 * per set of wrong answers, so a test may change its copy.
 */
function twoSuites(options: Wrong = {}): Promise<{ cwd: string; small: string; other: string }> {
  const key = JSON.stringify([options.smallWrong ?? [], options.otherWrong ?? []]);
  let store = rerunStores.get(key);
  if (store === undefined) {
    store = builtOnceWith(async () => {
      const { cwd } = await approvedSuites();
      await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: options.smallWrong }));
      await Deno.writeTextFile(join(cwd, "other.ts"), smallSystem({ wrong: options.otherWrong }));
      const ids: Record<string, string> = {};
      for (const suite of ["small", "other"]) {
        const run = await cli(["run", `${suite}.toml`, "--json"], { cwd });
        ids[suite] = JSON.parse(run.stdout).run_id;
      }
      return { cwd, small: ids.small, other: ids.other };
    });
    rerunStores.set(key, store);
  }
  return store();
}

Deno.test("one compare gates every suite and exits with the worst verdict", async () => {
  const { cwd } = await twoSuites({ otherWrong: [2] });
  const text = await cli(["compare"], { cwd });
  assertEquals(text.code, 1, text.stderr);
  const lines = text.stdout.split("\n");
  match(lines[0], /^other\s+WORSE \(exit 1\)/);
  match(lines[1], /^small\s+NOT WORSE \(exit 0\)/);
  match(text.stdout, /exit 1, the worst of 2 suites \(1 not worse, 1 worse, 0 not judged\)/);

  const json = await cli(["compare", "--json"], { cwd });
  assertEquals(json.code, 1);
  const gate = CompareSuitesOutputSchema.parse(JSON.parse(json.stdout));
  assertEquals(gate.suites.map((s) => [s.suite, s.verdict]), [["other", 1], ["small", 0]]);
  assertEquals(gate.counts, { not_worse: 1, worse: 1, not_judged: 0 });
});

Deno.test("a suite that could not be judged outranks one that is worse", async () => {
  const { cwd } = await twoSuites({ otherWrong: [2] });
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ throwOn: [1] }));
  assertEquals((await cli(["run", "small.toml"], { cwd })).code, 2);
  const text = await cli(["compare"], { cwd });
  assertEquals(text.code, 2, text.stdout);
  const alone = await cli(["compare", "--suite", "other"], { cwd });
  assertEquals(alone.code, 1, "--suite still gates one suite");
});

Deno.test("all suites not worse exits 0", async () => {
  const { cwd } = await twoSuites();
  const text = await cli(["compare"], { cwd });
  assertEquals(text.code, 0, text.stdout);
});

Deno.test("an explicit run id or prefix finds its own suite among several", async () => {
  const { cwd, other, small } = await twoSuites({ otherWrong: [2] });
  const worse = await cli(["compare", other], { cwd });
  assertEquals(worse.code, 1, worse.stderr);
  match(worse.stdout, /suite other: run /);
  const prefix = await cli(["compare", small.slice(0, small.length - 2)], { cwd });
  assertEquals(prefix.code, 0, prefix.stderr);
  match(prefix.stdout, /suite small: run /);
  const view = await cli(["view", other], { cwd });
  assertEquals(view.code, 0, view.stderr);
  match(view.stdout, new RegExp(`run ${other} of suite other`));
  const latest = await cli(["view", "latest"], { cwd });
  assertEquals(latest.code, 64, "latest names no suite among several");
  match(latest.stderr, /holds 2 suites \(other, small\)/);
});

Deno.test("diff refuses two suites, naming both, and takes --suite", async () => {
  const { cwd, other, small } = await twoSuites({ otherWrong: [2] });
  const refused = await cli(["diff", small, other], { cwd });
  assertEquals(refused.code, 64);
  ok(refused.stderr.includes("suite small") && refused.stderr.includes("suite other"));
  assertEquals(refused.stderr.trim().split("\n").length, 1);
  const runs = JSON.parse((await cli(["list", "--suite", "other", "--json"], { cwd })).stdout)
    .runs;
  const diff = await cli(["diff", runs[1].run_id, "latest", "--suite", "other"], { cwd });
  assertEquals(diff.code, 0, diff.stderr);
  match(diff.stdout, /1 outputs changed/);
});

Deno.test("log, list and view read a store of several suites", async () => {
  const { cwd } = await twoSuites();
  const log = await cli(["log", "--json"], { cwd });
  assertEquals(log.code, 0, log.stderr);
  const events = LogDocumentSchema.parse(JSON.parse(log.stdout)).events;
  assertEquals(new Set(events.map((e) => e.suite)), new Set(["small", "other"]));
  assertEquals(events.length, 6);
  const text = await cli(["log"], { cwd });
  match(text.stdout, /small\s+promote/);
  const one = LogDocumentSchema.parse(
    JSON.parse((await cli(["log", "--suite", "small", "--json"], { cwd })).stdout),
  );
  assertEquals(one.events.length, 3);
  assertEquals(one.events.some((e) => e.suite !== undefined), false);
  const list = await cli(["list"], { cwd });
  assertEquals(list.stdout.trim().split("\n").length, 5);
  const view = await cli(["view"], { cwd });
  assertEquals(view.code, 0, view.stderr);
  match(view.stdout.split("\n")[0], /run\s+suite\s+errored/);
  const nosuch = await cli(["view", "--suite", "nosuch"], { cwd });
  assertEquals(nosuch.code, 64);
  match(nosuch.stderr, /--suite nosuch: .* its suites are other, small/);
});

Deno.test("rejudge takes a full run id in a store of several suites, as compare does", async () => {
  const { cwd, other } = await twoSuites();
  const rejudge = await cli(["rejudge", other, "--json"], { cwd });
  assertEquals(rejudge.code, 0, rejudge.stderr);
  const summary = JSON.parse(rejudge.stdout);
  assertEquals([summary.suite, summary.rejudged_from], ["other", other]);
});

Deno.test("promote latest needs --suite only when several suites have a run newer than their approval, and names them", async () => {
  const { cwd } = await twoSuites();
  const both = await cli(["promote", "latest", "--because", "again"], { cwd });
  assertEquals(both.code, 64, both.stdout);
  match(both.stderr, /2 suites have a run newer than their approval \(other, small\)/);
  const small = await cli(["promote", "latest", "--suite", "small", "--because", "again"], { cwd });
  assertEquals(small.code, 0, small.stderr);
  // Only "other" has a run newer than its approval now: latest is its newest run.
  const one = await cli(["promote", "latest", "--because", "again", "--json"], { cwd });
  assertEquals(one.code, 0, one.stderr);
  assertEquals(JSON.parse(one.stdout).suite, "other");
});
