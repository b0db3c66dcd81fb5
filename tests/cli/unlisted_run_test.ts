import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { forgedRun } from "../support/pull_request.ts";
import { sharedFixture } from "../support/template_copies.ts";
import { copyWorkspace } from "../support/built_once_workspace.ts";

const RUNS = ".digline/default/runs/small";
/** A past id, older than every run the store made: a pull request's `git add -f` of an old run. */
const PLANTED = "20260101-000000-000-abcdef";

/**
 * A store that approved SMALL_SUITE's honest run, then ran it with case two broken, and beside
 * them a copy of the approved run under a past id the index does not list; built once.
 */
const plantedStore = sharedFixture(async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const first = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(first.code, 0, first.stderr);
  assertEquals((await cli(["promote", "latest", "--because", "ok"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  const ran = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(ran.code, 0, ran.stderr);
  const approved = join(cwd, RUNS, `${JSON.parse(first.stdout).run_id}.json`);
  await Deno.writeTextFile(
    join(cwd, RUNS, `${PLANTED}.json`),
    await forgedRun(approved, { runId: PLANTED, startedAt: "2026-01-01T00:00:00.000Z" }),
  );
  return { cwd, made: JSON.parse(ran.stdout).run_id as string };
});

async function planted(): Promise<{ cwd: string; made: string }> {
  const template = await plantedStore();
  return { cwd: await copyWorkspace(template.cwd), made: template.made };
}

Deno.test("a run document the index does not list is named by list and log and never becomes latest: plain compare still sees the regression", async () => {
  const { cwd } = await planted();
  const listed = await cli(["list"], { cwd });
  assertEquals(listed.code, 0, listed.stderr);
  match(listed.stdout, new RegExp(`${PLANTED}.*not written by this store`));
  const listedJson = await cli(["list", "--json"], { cwd });
  const row = JSON.parse(listedJson.stdout).runs.find((r: { run_id: string }) =>
    r.run_id === PLANTED
  );
  assertEquals(row.unlisted, true);
  const log = await cli(["log"], { cwd });
  assertEquals(log.code, 0, log.stderr);
  match(log.stdout, new RegExp(`${PLANTED}.*not written by this store`));
  const index = await Deno.readTextFile(join(cwd, RUNS, ".index.jsonl"));
  ok(!index.includes(PLANTED), "no listing adds the planted run to the index");
  const compared = await cli(["compare"], { cwd });
  assertEquals(compared.code, 1, compared.stdout + compared.stderr);
});

Deno.test("promote latest after a listing approves the run the store made, never the planted one; promote of the planted id is refused", async () => {
  const { cwd, made } = await planted();
  assertEquals((await cli(["list"], { cwd })).code, 0);
  assertEquals((await cli(["log"], { cwd })).code, 0);
  const refused = await cli(["promote", PLANTED, "--because", "looks fine"], { cwd });
  assertEquals(refused.code, 64, refused.stdout + refused.stderr);
  match(refused.stderr, new RegExp(`${PLANTED}\\.json: .*not written by this store`));
  assertEquals(refused.stderr.trim().split("\n").length, 1, refused.stderr);
  const promoted = await cli(["promote", "latest", "--because", "ok", "--json"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  match(promoted.stdout, new RegExp(made));
  ok(!promoted.stdout.includes(PLANTED), promoted.stdout);
});

Deno.test("view names a run the index does not list, and verify --whole-store reports it (1)", async () => {
  const { cwd } = await planted();
  const viewed = await cli(["view", PLANTED], { cwd });
  assertEquals(viewed.code, 0, viewed.stderr);
  match(viewed.stdout, /not written by this store/);
  assertEquals(JSON.parse((await cli(["view", PLANTED, "--json"], { cwd })).stdout).unlisted, true);
  const verified = await cli(["verify", "--whole-store"], { cwd });
  assertEquals(verified.code, 1, verified.stdout + verified.stderr);
  match(
    verified.stdout,
    new RegExp(`${PLANTED}\\.json: its suite's index does not list it`),
  );
});

Deno.test("a store whose index lists none of its runs has no latest run: compare refuses, naming the way out", async () => {
  const { cwd } = await planted();
  await Deno.remove(join(cwd, RUNS, ".index.jsonl"));
  const compared = await cli(["compare"], { cwd });
  assertEquals(compared.code, 64, compared.stdout + compared.stderr);
  match(compared.stderr, /lists none of its 3 runs/);
  assertEquals(compared.stderr.trim().split("\n").length, 1, compared.stderr);
  // A run made now is listed, and is latest.
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals((await cli(["compare"], { cwd })).code, 1);
});

Deno.test("the viewer's pages mark a run the index does not list and never show it as the latest run", async () => {
  const { cwd, made } = await planted();
  const out = join(cwd, ".digline", "site");
  const built = await cli(["site", "--out", out], { cwd });
  assertEquals(built.code, 0, built.stderr);
  const suites = await Deno.readTextFile(join(out, "index.html"));
  ok(suites.includes(made) && !suites.includes(PLANTED), "the suites page's latest run");
  const suite = await Deno.readTextFile(join(out, "suite", "small.html"));
  match(suite, new RegExp(`${PLANTED}</a> <small class="unlisted"[^>]*>not written by this store`));
  const run = await Deno.readTextFile(join(out, "run", `${PLANTED}.html`));
  match(run, /id="unlisted">not written by this store/);
});

Deno.test("the HTML report's figure history holds the runs the store wrote, not a planted one", async () => {
  const { cwd, made } = await planted();
  const report = await cli(["report", "--format", "html"], { cwd });
  assertEquals(report.code, 1, report.stderr);
  ok(report.stdout.includes(made), "the run the store made is in the history");
  ok(!report.stdout.includes(PLANTED), "the planted run is not");
});
