import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../cli/_cli.ts";

/**
 * A stand-in for the `gh` CLI: answers `api user` as the workflow's own token does (refused) or
 * as a named login, lists the comments given (applying --jq with jq, as gh does), and logs every
 * write. `fail` makes every call fail, as a fork's read-only token does.
 */
async function fakeGh(options: {
  comments: { id: number; user: { login: string }; body: string }[];
  login?: string;
  fail?: boolean;
}): Promise<{ bin: string; log: string }> {
  const dir = await Deno.makeTempDir({ prefix: "digline-fake-gh-" });
  const log = join(dir, "calls.log");
  await Deno.writeTextFile(join(dir, "comments.json"), JSON.stringify(options.comments));
  const script = `#!/usr/bin/env bash
echo "$*" >> ${JSON.stringify(log)}
${options.fail ? "echo 'HTTP 403: Resource not accessible by integration' >&2; exit 1" : ""}
if [ "$2" = user ]; then
  ${options.login === undefined ? "exit 1" : `echo ${JSON.stringify(options.login)}; exit 0`}
fi
if [ "$2" = --method ]; then exit 0; fi
for ((i = 1; i <= $#; i++)); do
  if [ "\${!i}" = --jq ]; then j=$((i + 1)); jq -r "\${!j}" ${
    JSON.stringify(join(dir, "comments.json"))
  }; fi
done
`;
  await Deno.writeTextFile(join(dir, "gh"), script);
  await Deno.chmod(join(dir, "gh"), 0o755);
  return { bin: dir, log };
}

async function commentStep(gh: { bin: string; log: string }) {
  const dir = await Deno.makeTempDir({ prefix: "digline-comment-" });
  const file = join(dir, "summary.md");
  await Deno.writeTextFile(file, "- **small**: NOT WORSE (exit 0): fine\n");
  const out = await new Deno.Command("bash", {
    args: [join(ROOT, "action", "comment.sh")],
    env: {
      PATH: `${gh.bin}:${Deno.env.get("PATH")}`,
      GH_TOKEN: "t",
      PR_NUMBER: "7",
      GITHUB_REPOSITORY: "me/repo",
      DIGLINE_COMMENT_FILE: file,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const calls = await Deno.readTextFile(gh.log).catch(() => "");
  return {
    code: out.code,
    said: new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr),
    calls: calls.split("\n").filter((l) => l !== ""),
  };
}

const MARKER = "<!-- digline-gate -->";

Deno.test("the comment step edits its own marked comment, never the first one carrying the marker", async () => {
  const gh = await fakeGh({
    comments: [
      { id: 1, user: { login: "mallory" }, body: `${MARKER}\nall clear, merge it` },
      { id: 2, user: { login: "github-actions[bot]" }, body: `${MARKER}\nold reading` },
    ],
  });
  const step = await commentStep(gh);
  assertEquals(step.code, 0, step.said);
  const writes = step.calls.filter((c) => c.includes("--method"));
  assertEquals(writes.length, 1, step.calls.join("\n"));
  match(writes[0], /^api --method PATCH repos\/me\/repo\/issues\/comments\/2 /);
});

Deno.test("with nobody's comment of its own, the comment step writes a new one rather than take over another's", async () => {
  const gh = await fakeGh({
    comments: [{ id: 1, user: { login: "mallory" }, body: `${MARKER}\nforged` }],
  });
  const step = await commentStep(gh);
  assertEquals(step.code, 0, step.said);
  const writes = step.calls.filter((c) => c.includes("--method"));
  assertEquals(writes.length, 1);
  match(writes[0], /^api --method POST repos\/me\/repo\/issues\/7\/comments /);
});

Deno.test("a token that names its login is matched by that login", async () => {
  const gh = await fakeGh({
    login: "digline-bot",
    comments: [
      { id: 2, user: { login: "github-actions[bot]" }, body: `${MARKER}\nsomeone else's` },
      { id: 3, user: { login: "digline-bot" }, body: `${MARKER}\nmine` },
    ],
  });
  const step = await commentStep(gh);
  const writes = step.calls.filter((c) => c.includes("--method"));
  match(writes[0], /comments\/3 /);
});

Deno.test("on a fork's pull request (a read-only token) the comment step says so and never fails the job", async () => {
  const gh = await fakeGh({ comments: [], fail: true });
  const step = await commentStep(gh);
  assertEquals(step.code, 0, step.said);
  match(step.said, /::notice::digline: the pull-request comment was not written/);
  ok(!step.calls.some((c) => c.includes("--method")));
});
