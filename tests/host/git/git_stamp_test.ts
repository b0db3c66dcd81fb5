import assert from "node:assert/strict";
import { join } from "node:path";
import { gitStamp } from "../../../host/git/git_stamp.ts";

async function git(cwd: string, ...args: string[]): Promise<void> {
  const out = await new Deno.Command("git", { args, cwd, stdout: "null", stderr: "null" }).output();
  assert.ok(out.success, `git ${args.join(" ")}`);
}

Deno.test("the git stamp runs neither the repository's fsmonitor nor its hooks", async () => {
  const dir = await Deno.makeTempDir({ prefix: "digline-git-" });
  const marker = join(dir, "..", `${dir.split("/").pop()}-ran`);
  try {
    await git(dir, "init", "-q");
    await git(
      dir,
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "x",
    );
    const script = join(dir, "monitor.sh");
    await Deno.writeTextFile(script, `#!/bin/sh\ntouch '${marker}'\n`);
    await Deno.chmod(script, 0o755);
    await git(dir, "config", "core.fsmonitor", script);
    await Deno.mkdir(join(dir, ".git", "hooks"), { recursive: true });
    for (const hook of ["post-index-change", "reference-transaction"]) {
      await Deno.writeTextFile(join(dir, ".git", "hooks", hook), `#!/bin/sh\ntouch '${marker}'\n`);
      await Deno.chmod(join(dir, ".git", "hooks", hook), 0o755);
    }
    const stamp = await gitStamp(dir);
    assert.match(stamp ?? "", /^[0-9a-f]{40}/);
    let ran = true;
    try {
      await Deno.stat(marker);
    } catch {
      ran = false;
    }
    assert.equal(ran, false, "a program named by the repository's config ran");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(marker).catch(() => {});
  }
});
