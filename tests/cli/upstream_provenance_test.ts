import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { cli, git, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import {
  approvedUpstream,
  ciCheckout,
  ciRun,
  forgedRun,
  pullRequest,
  type Upstream,
} from "../support/pull_request.ts";
import { copyOfUpstream, sharedFixture, sharedFixturePer } from "../support/template_copies.ts";
import { copyWorkspace } from "../support/built_once_workspace.ts";

const FUTURE_ID = "20991231-235959-999-abcdef";
const RUNS = ".digline/default/runs/small";

/** main approving SMALL_SUITE's honest run, built once; each pull request is made on a copy. */
const honestUpstream = sharedFixture(() =>
  approvedUpstream({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() }, "suite.toml")
);

/** main approves SMALL_SUITE's honest run; the pull request breaks case two. */
async function regressingPullRequest(
  plant: (dir: string, upstream: Upstream) => Promise<string[]> = () => Promise.resolve([]),
): Promise<{ upstream: Upstream; ci: string }> {
  const upstream = await copyOfUpstream(await honestUpstream());
  await pullRequest(upstream, async (dir) => {
    await Deno.writeTextFile(join(dir, "system.ts"), smallSystem({ wrong: [2] }));
    return await plant(dir, upstream);
  });
  return { upstream, ci: await ciCheckout(upstream) };
}

/** Plants a copy of the approved run under a far-future id in the store's runs folder. */
/**
 * A store (no git) that approved SMALL_SUITE's honest run and then ran it with case two broken,
 * built once; each test works on a copy.
 */
const regressedStore = sharedFixture(async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals((await cli(["promote", "latest", "--because", "ok"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  const ran = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(ran.code, 0, ran.stderr);
  return { cwd, made: JSON.parse(ran.stdout).run_id as string };
});

async function plantFutureRun(dir: string, upstream: Upstream): Promise<string[]> {
  const approved = join(dir, ".digline/default/baselines/small/runs", `${upstream.approved}.json`);
  await Deno.mkdir(join(dir, RUNS), { recursive: true });
  const path = `${RUNS}/${FUTURE_ID}.json`;
  await Deno.writeTextFile(
    join(dir, path),
    await forgedRun(approved, { runId: FUTURE_ID, startedAt: "2099-12-31T23:59:59.999Z" }),
  );
  return [path];
}

/**
 * CI's checkout of a regressing pull request, and the id of the run CI made there, built once per
 * whether the pull request plants a far-future run; each test works on a copy.
 */
const ranPullRequest = sharedFixturePer(async (planted: boolean) => {
  const { ci } = await regressingPullRequest(planted ? plantFutureRun : undefined);
  return { ci, made: await ciRun(ci, "suite.toml") };
});

async function copyOfRan(planted: boolean): Promise<{ ci: string; made: string }> {
  const template = await ranPullRequest(planted);
  return { ci: await copyWorkspace(template.ci), made: template.made };
}

Deno.test("a run document a pull request commits under a far-future id is not the latest run: the gate sees the regression CI's run made", async () => {
  const { ci } = await copyOfRan(true);
  const gated = await cli(["compare", "--baseline-ref", "origin/main"], { cwd: ci });
  assertEquals(gated.code, 1, gated.stdout + gated.stderr);
  const plain = await cli(["compare"], { cwd: ci });
  assertEquals(plain.code, 1, plain.stdout + plain.stderr);
});

Deno.test("an index a pull request commits does not make its planted run the latest", async () => {
  const { ci } = await regressingPullRequest(async (dir, upstream) => {
    const planted = await plantFutureRun(dir, upstream);
    const doc = JSON.parse(await Deno.readTextFile(join(dir, planted[0])));
    const line = JSON.stringify({ run_id: doc.run_id, suite: "small", started_at: doc.started_at });
    await Deno.writeTextFile(join(dir, RUNS, ".index.jsonl"), line + "\n");
    return [...planted, `${RUNS}/.index.jsonl`];
  });
  await ciRun(ci, "suite.toml");
  const gated = await cli(["compare", "--baseline-ref", "origin/main"], { cwd: ci });
  assertEquals(gated.code, 1, gated.stdout + gated.stderr);
});

Deno.test("compare --baseline-ref refuses a candidate run that git tracks, naming its file", async () => {
  const { ci } = await copyOfRan(true);
  const gated = await cli(["compare", "--baseline-ref", "origin/main", FUTURE_ID], { cwd: ci });
  assertEquals(gated.code, 64, gated.stdout + gated.stderr);
  match(gated.stderr, new RegExp(`${RUNS}/${FUTURE_ID}\\.json: git tracks this run document`));
  assertEquals(gated.stderr.trim().split("\n").length, 1, gated.stderr);
});

Deno.test("compare --baseline-ref refuses a candidate made at another commit than the checkout's HEAD", async () => {
  const { ci, made } = await copyOfRan(false);
  await git(ci, "commit", "-q", "--allow-empty", "-m", "later");
  const gated = await cli(["compare", "--baseline-ref", "origin/main", made], { cwd: ci });
  assertEquals(gated.code, 64, gated.stdout + gated.stderr);
  match(
    gated.stderr,
    new RegExp(`run ${made} was made at commit [0-9a-f]{40}, not at the checkout's HEAD`),
  );
  // A run made here, now, is gated.
  const again = await ciRun(ci, "suite.toml");
  assertEquals(
    (await cli(["compare", "--baseline-ref", "origin/main", again], { cwd: ci })).code,
    1,
  );
});

Deno.test("a run dated after the clock is refused as latest, whether no index names a run or a forged line names it", async () => {
  const template = await regressedStore();
  const cwd = await copyWorkspace(template.cwd);
  const made = template.made;
  const future = join(cwd, RUNS, `${FUTURE_ID}.json`);
  await Deno.writeTextFile(
    future,
    await forgedRun(join(cwd, RUNS, `${made}.json`), {
      runId: FUTURE_ID,
      startedAt: "2099-12-31T23:59:59.999Z",
    }),
  );
  // The index names the real run last: it is latest, whatever the names say.
  assertEquals((await cli(["compare"], { cwd })).code, 1);
  // A forged line for the planted run after it: latest by write order, and refused by its date.
  const index = join(cwd, RUNS, ".index.jsonl");
  const lines = (await Deno.readTextFile(index)).trim().split("\n");
  const forged = { ...JSON.parse(lines.at(-1)!), run_id: FUTURE_ID };
  forged.started_at = "2099-12-31T23:59:59.999Z";
  await Deno.writeTextFile(index, JSON.stringify(forged) + "\n", { append: true });
  const refused = await cli(["compare"], { cwd });
  assertEquals(refused.code, 64, refused.stdout + refused.stderr);
  match(refused.stderr, new RegExp(`${FUTURE_ID}\\.json: run ${FUTURE_ID} is dated 2099-12-31`));
  assertEquals(refused.stderr.trim().split("\n").length, 1, refused.stderr);
  // With no index at all no run is latest (ADR 0113), the future-dated one least of all.
  await Deno.remove(index);
  const unlisted = await cli(["compare"], { cwd });
  assertEquals(unlisted.code, 64, unlisted.stdout + unlisted.stderr);
  match(unlisted.stderr, /lists none of its \d+ runs/);
});

Deno.test("an index line that contradicts the latest run's document is refused, naming the line", async () => {
  const cwd = await copyWorkspace((await regressedStore()).cwd);
  const index = join(cwd, RUNS, ".index.jsonl");
  const lines = (await Deno.readTextFile(index)).trim().split("\n");
  const last = JSON.parse(lines.at(-1)!);
  last.started_at = "2026-01-01T00:00:00.000Z";
  lines[lines.length - 1] = JSON.stringify(last);
  await Deno.writeTextFile(index, lines.join("\n") + "\n");
  const refused = await cli(["compare"], { cwd });
  assertEquals(refused.code, 64, refused.stdout + refused.stderr);
  match(
    refused.stderr,
    new RegExp(`\\.index\\.jsonl:${lines.length}: this line says run \\S+'s started_at`),
  );
});

Deno.test("a tag named origin/main does not stand in for the base branch: the ambiguous name is refused, the full ref gates", async () => {
  const { ci, made } = await copyOfRan(false);
  // Someone who can push a tag makes one whose approval approves the regressing run.
  await git(ci, "checkout", "-q", "-b", "self-approval");
  const promoted = await cli(["promote", made, "--by", "Mallory", "--because", "fine"], {
    cwd: ci,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await git(ci, "add", "-A");
  await git(ci, "commit", "-q", "-m", "self-approval");
  await git(ci, "tag", "origin/main");
  await git(ci, "checkout", "-q", "feature");
  const again = await ciRun(ci, "suite.toml");
  const ambiguous = await cli(["compare", "--baseline-ref", "origin/main", again], { cwd: ci });
  assertEquals(ambiguous.code, 64, ambiguous.stdout + ambiguous.stderr);
  match(
    ambiguous.stderr,
    /--baseline-ref origin\/main: the name is ambiguous, it names refs\/tags\/origin\/main and refs\/remotes\/origin\/main/,
  );
  const full = await cli(["compare", "--baseline-ref", "refs/remotes/origin/main", again], {
    cwd: ci,
  });
  assertEquals(full.code, 1, full.stdout + full.stderr);
  const run = await cli(["run", "suite.toml", "--baseline-ref", "origin/main"], { cwd: ci });
  assertEquals(run.code, 64, "run refuses the ambiguous ref before calling anything");
});
