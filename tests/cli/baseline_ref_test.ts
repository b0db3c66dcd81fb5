import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, git, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { GITIGNORE } from "../support/pull_request.ts";
import { sharedFixture } from "../support/template_copies.ts";
import { copyWorkspace } from "../support/built_once_workspace.ts";

/**
 * A repository whose main branch holds an approved baseline, committed as docs/ci.md says: each
 * test works on its own copy of one built once.
 */
async function repository(): Promise<string> {
  return await copyWorkspace(await approvedRepository());
}

const approvedRepository = sharedFixture(async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": smallSystem(),
    ".gitignore": GITIGNORE,
  });
  await git(cwd, "init", "-q", "-b", "main");
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--by", "Ana", "--because", "reviewed"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "approved baseline");
  return cwd;
});

Deno.test("only the approvals folder is committed, and it holds the runs the approval cites", async () => {
  const cwd = await repository();
  const files = (await git(cwd, "ls-files")).trim().split("\n").filter((f) =>
    f.startsWith(".digline")
  );
  ok(
    files.some((f) => /^\.digline\/default\/baselines\/small\/[^/]+\.json$/.test(f)),
    files.join(),
  );
  ok(
    files.some((f) => /^\.digline\/default\/baselines\/small\/runs\/[^/]+\.json$/.test(f)),
    files.join(),
  );
  ok(!files.some((f) => f.startsWith(".digline/default/runs/")), "runs/ stays ignored");
  // A fresh clone, with no store but what was committed, gates against the committed approval.
  const clone = join(await Deno.makeTempDir({ prefix: "digline-clone-" }), "c");
  await git(cwd, "clone", "-q", cwd, clone);
  assertEquals((await cli(["run", "suite.toml"], { cwd: clone })).code, 0);
  const out = await cli(["compare", "--baseline-ref", "HEAD"], { cwd: clone });
  assertEquals(out.code, 0, out.stderr);
});

Deno.test("a change that approves its own worse run passes plain compare but not --baseline-ref, which names who approved it", async () => {
  const cwd = await repository();
  await git(cwd, "checkout", "-q", "-b", "feature");
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const self = await cli(["promote", "latest", "--by", "Mallory", "--because", "looks fine"], {
    cwd,
  });
  assertEquals(self.code, 0, self.stderr);
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "approve my own run");
  // The gate judges a run of the commit checked out (a run made before the commit is refused).
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals((await cli(["compare"], { cwd })).code, 0, "the tree's own approval lets it pass");
  const gated = await cli(["compare", "--baseline-ref", "main"], { cwd });
  assertEquals(gated.code, 1, gated.stderr);
  match(
    gated.stderr,
    /this tree approves run \S+ of suite small \(by Mallory on \S+, because: looks fine\); it is not the approval at main/,
  );
  const json = await cli(["compare", "--baseline-ref", "main", "--json"], { cwd });
  assertEquals(json.code, 1);
  assertEquals(JSON.parse(json.stdout).approval.promoted_by, "Ana");
});

Deno.test("--baseline-ref refuses a ref git does not know, a ref without an approval, and --baseline beside it", async () => {
  const cwd = await repository();
  const unknown = await cli(["compare", "--baseline-ref", "origin/nope"], { cwd });
  assertEquals(unknown.code, 64);
  match(unknown.stderr, /--baseline-ref origin\/nope: git knows no commit by that name/);
  await git(cwd, "checkout", "-q", "--orphan", "empty");
  await git(cwd, "rm", "-rq", "--cached", ".");
  await git(cwd, "commit", "-q", "--allow-empty", "-m", "nothing");
  const bare = await cli(["compare", "--baseline-ref", "empty"], { cwd });
  assertEquals(bare.code, 64);
  match(bare.stderr, /no approval of suite small is committed there/);
  const both = await cli(["compare", "--baseline-ref", "main", "--baseline", "latest"], { cwd });
  assertEquals(both.code, 64);
});

Deno.test("in a store of several suites, compare --baseline-ref gates every suite against the ref's approvals, not the tree's", async () => {
  const cwd = await repository();
  const other = SMALL_SUITE.replace('name = "small"', 'name = "other"');
  await Deno.writeTextFile(join(cwd, "other.toml"), other);
  assertEquals((await cli(["run", "other.toml"], { cwd })).code, 0);
  await cli(["promote", "latest", "--suite", "other", "--by", "Ana", "--because", "ok"], { cwd });
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "second suite approved");
  await git(cwd, "checkout", "-q", "-b", "feature");
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  for (const suite of ["suite.toml", "other.toml"]) {
    assertEquals((await cli(["run", suite], { cwd })).code, 0);
  }
  const self = await cli([
    "promote",
    "latest",
    "--suite",
    "other",
    "--by",
    "Mallory",
    "--because",
    "fine",
  ], { cwd });
  assertEquals(self.code, 0, self.stderr);
  const gated = await cli(["compare", "--baseline-ref", "main", "--json"], { cwd });
  assertEquals(gated.code, 1, gated.stderr);
  const document = JSON.parse(gated.stdout);
  assertEquals(document.kind, "compare_suites");
  assertEquals(
    document.suites.map((s: { suite: string; verdict: number }) => [s.suite, s.verdict]),
    [["other", 1], ["small", 1]],
  );
  match(gated.stderr, /this tree approves run \S+ of suite other \(by Mallory/);
});

Deno.test("an approval change under --baseline-ref is a field of compare --json, report prints its note, and verify holds on the payload", async () => {
  const cwd = await repository();
  await git(cwd, "checkout", "-q", "-b", "feature");
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  const own = JSON.parse((await cli(["run", "suite.toml", "--json"], { cwd })).stdout).run_id;
  await cli(["promote", "latest", "--by", "Mallory", "--because", "looks fine"], { cwd });
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "approve my own run");
  // The gate judges a run of the commit checked out (a run made before the commit is refused).
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);

  const json = await cli(["compare", "--baseline-ref", "main", "--json"], { cwd });
  assertEquals(json.code, 1, json.stderr);
  const document = JSON.parse(json.stdout);
  assertEquals(document.approval.promoted_by, "Ana");
  assertEquals(document.approval_change.ref, "main");
  assertEquals(document.approval_change.suite, "small");
  assertEquals(document.approval_change.promoted_by, "Mallory");
  assertEquals(document.approval_change.because, "looks fine");
  assertEquals(document.approval_change.run_id, own);
  // Without a change, the field is absent.
  const same = await cli(["compare", "--baseline-ref", "HEAD", "--json"], { cwd });
  assertEquals(JSON.parse(same.stdout).approval_change, undefined);

  await Deno.writeTextFile(join(cwd, "compare.json"), json.stdout);
  const verify = await cli(["verify", "compare.json"], { cwd });
  assertEquals(verify.code, 0, verify.stdout + verify.stderr);
  // A payload that hides who approved the tree's reference does not hold.
  await Deno.writeTextFile(
    join(cwd, "edited.json"),
    JSON.stringify({
      ...document,
      approval_change: { ...document.approval_change, promoted_by: "Ana" },
    }),
  );
  const edited = await cli(["verify", "edited.json"], { cwd });
  assertEquals(edited.code, 1, edited.stdout);
  match(edited.stdout, /approval_change differs/);

  for (const format of ["md", "html"]) {
    const report = await cli(["report", "--baseline-ref", "main", "--format", format], { cwd });
    assertEquals(report.code, 1, report.stderr);
    match(
      report.stderr,
      /this tree approves run \S+ of suite small \(by Mallory on \S+, because: looks fine\); it is not the approval at main/,
    );
  }
});
