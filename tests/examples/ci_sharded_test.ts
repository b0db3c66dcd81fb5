import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, cliCommandArgs, git, ROOT, smallSystem, workspace } from "../cli/_cli.ts";
import { accuracySuite } from "../support/suite_toml.ts";

const GITHUB = join(ROOT, "examples", "ci", "github-sharded.yml");
const GITLAB = join(ROOT, "examples", "ci", "gitlab-sharded.yml");

/** The digline command lines of a workflow, in order, as written. */
function digline(text: string): string[] {
  return text.split("\n")
    .map((line) => /^\s*- (?:run: )?digline (.+)$/.exec(line)?.[1]?.trim())
    .filter((command): command is string => command !== undefined);
}

/** A 12-case suite under evals/, as the workflows name it. */
function suite(): string {
  const cases = Array.from(
    { length: 12 },
    (_, i) => `[[cases]]\nid = "c${i + 1}"\nvars = { n = ${i + 1} }\nexpected = "a${i + 1}"\n`,
  ).join("\n");
  return accuracySuite("sharded", { target: 'export = "answer"', rest: `\n${cases}` });
}

Deno.test("the GitHub and GitLab examples split into the same shards they merge", async () => {
  const github = await Deno.readTextFile(GITHUB);
  const gitlab = await Deno.readTextFile(GITLAB);
  match(github, /matrix:\s*\n\s*shard: \[1, 2, 3, 4\]/);
  assertEquals(digline(github), [
    "run evals/suite.toml --shard ${{ matrix.shard }}/4 || [ $? -eq 2 ]",
    "merge --suite evals/suite.toml --latest-shards --json > merged.json",
    'compare "$(jq -r .run_id merged.json)" --baseline-ref "origin/$GITHUB_BASE_REF"',
  ]);
  match(github, /needs: shard/);
  match(github, /pattern: shard-\*\s*\n\s*merge-multiple: true/);
  match(gitlab, /parallel: 4/);
  assertEquals(digline(gitlab), [
    "run evals/suite.toml --shard ${CI_NODE_INDEX}/${CI_NODE_TOTAL} || [ $? -eq 2 ]",
    "merge --suite evals/suite.toml --latest-shards --json > merged.json",
    'compare "$(jq -r .run_id merged.json)" --baseline-ref ' +
    '"origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"',
  ]);
  match(gitlab, /needs: \[eval-shard\]/);
});

/** Runs one of a workflow's command lines in bash, `digline` being the real CLI. */
async function shell(line: string, options: { cwd: string; env?: Record<string, string> }) {
  const launch = [Deno.execPath(), ...cliCommandArgs([])].map((w) => `'${w}'`).join(" ");
  const out = await new Deno.Command("bash", {
    args: ["-c", `digline() { ${launch} "$@"; }\ndigline ${line}`],
    cwd: options.cwd,
    env: { NO_COLOR: "1", ...options.env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

Deno.test("the GitHub example's commands, run as its jobs run them, gate the merged run against the base branch", async () => {
  const [run, merge, compare] = digline(await Deno.readTextFile(GITHUB));
  const files = {
    "evals/suite.toml": suite(),
    "evals/system.ts": smallSystem(),
    ".gitignore":
      ".digline/*\n!.digline/default/\n.digline/default/*\n!.digline/default/baselines/\n",
  };
  const gate = await workspace(files);
  // The approved baseline the base branch holds: the whole suite, run, promoted and committed.
  await git(gate, "init", "-q", "-b", "main");
  assertEquals((await cli(["run", "evals/suite.toml"], { cwd: gate })).code, 0);
  assertEquals((await cli(["promote", "latest", "--because", "approved"], { cwd: gate })).code, 0);
  await git(gate, "add", "-A");
  await git(gate, "commit", "-q", "-m", "approved");
  await git(gate, "update-ref", "refs/remotes/origin/main", "HEAD");
  const runsDir = join(gate, ".digline", "default", "runs", "sharded");
  for (let k = 1; k <= 4; k++) {
    // Each shard job checks out the same commit.
    const job = join(await Deno.makeTempDir({ prefix: "digline-shard-" }), "job");
    await git(gate, "clone", "-q", gate, job);
    const result = await shell(run.replace("${{ matrix.shard }}", String(k)), { cwd: job });
    assertEquals(result.code, 0, result.stderr);
    // download-artifact with merge-multiple: every shard's files in one folder (no hidden files).
    const from = join(job, ".digline", "default", "runs", "sharded");
    for await (const entry of Deno.readDir(from)) {
      if (!entry.name.startsWith(".")) {
        await Deno.copyFile(join(from, entry.name), join(runsDir, entry.name));
      }
    }
  }
  const merged = await shell(merge, { cwd: gate });
  assertEquals(merged.code, 0, merged.stderr);
  const id: string = JSON.parse(await Deno.readTextFile(join(gate, "merged.json"))).run_id;
  const gated = await shell(compare, { cwd: gate, env: { GITHUB_BASE_REF: "main" } });
  assertEquals(gated.code, 0, gated.stdout + gated.stderr);
  ok(gated.stdout.startsWith("NOT WORSE"), gated.stdout);
  const judged = await cli(["compare", id, "--baseline-ref", "main", "--json"], { cwd: gate });
  assertEquals(JSON.parse(judged.stdout).candidate_run, id, "the merged run is the one gated");
});
