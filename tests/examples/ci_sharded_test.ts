import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, ROOT, smallSystem, workspace } from "../cli/_cli.ts";
import { accuracySuite } from "../support/suite_toml.ts";

const GITHUB = join(ROOT, "examples", "ci", "github-sharded.yml");
const GITLAB = join(ROOT, "examples", "ci", "gitlab-sharded.yml");

/** The digline command lines of a workflow, in order, as written. */
function digline(text: string): string[] {
  return text.split("\n")
    .map((line) => /^\s*- (?:run: )?digline (.+)$/.exec(line)?.[1]?.trim())
    .filter((command): command is string => command !== undefined);
}

function words(command: string): string[] {
  return command.split(/\s+/);
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
    "run evals/suite.toml --shard ${{ matrix.shard }}/4",
    "merge --suite evals/suite.toml --latest-shards",
    "compare",
  ]);
  match(github, /needs: shard/);
  match(github, /pattern: shard-\*\s*\n\s*merge-multiple: true/);
  match(gitlab, /parallel: 4/);
  assertEquals(digline(gitlab), [
    "run evals/suite.toml --shard ${CI_NODE_INDEX}/${CI_NODE_TOTAL}",
    "merge --suite evals/suite.toml --latest-shards",
    "compare",
  ]);
  match(gitlab, /needs: \[eval-shard\]/);
});

Deno.test("the GitHub example's commands, run as its jobs run them, gate the merged run", async () => {
  const [run, merge, compare] = digline(await Deno.readTextFile(GITHUB));
  const files = { "evals/suite.toml": suite(), "evals/system.ts": smallSystem() };
  const gate = await workspace(files);
  // The approved baseline the repository holds: the whole suite, run and promoted.
  assertEquals((await cli(["run", "evals/suite.toml"], { cwd: gate })).code, 0);
  assertEquals((await cli(["promote", "latest", "--because", "approved"], { cwd: gate })).code, 0);
  const runsDir = join(gate, ".digline", "default", "runs", "sharded");
  for (let k = 1; k <= 4; k++) {
    const job = await workspace(files);
    const args = words(run.replace("${{ matrix.shard }}", String(k)));
    const result = await cli(args, { cwd: job });
    assertEquals(result.code, 0, result.stderr);
    // download-artifact with merge-multiple: every shard's files in one folder (no hidden files).
    const from = join(job, ".digline", "default", "runs", "sharded");
    for await (const entry of Deno.readDir(from)) {
      if (!entry.name.startsWith(".")) {
        await Deno.copyFile(join(from, entry.name), join(runsDir, entry.name));
      }
    }
  }
  const merged = await cli(words(merge), { cwd: gate });
  assertEquals(merged.code, 0, merged.stderr);
  match(merged.stdout, /merged from 4 shards/);
  const gated = await cli(words(compare), { cwd: gate });
  assertEquals(gated.code, 0, gated.stdout + gated.stderr);
  ok(gated.stdout.startsWith("NOT WORSE"), gated.stdout);
});
