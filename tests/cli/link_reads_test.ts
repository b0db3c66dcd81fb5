import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

const RUNS = ".digline/default/runs/small";
/** What a file outside the store holds: no read of the store may print any of it. */
const SECRET = "DEPLOY_TOKEN=tok_live_9f8e7d6c5b4a";

Deno.test("a run document that is a symbolic link is refused by every read without quoting what it points to", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const ran = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(ran.code, 0, ran.stderr);
  const runId = JSON.parse(ran.stdout).run_id as string;
  await Deno.writeTextFile(join(cwd, "deploy.env"), `${SECRET}\n`);
  const document = join(cwd, RUNS, `${runId}.json`);
  await Deno.remove(document);
  await Deno.symlink(join(cwd, "deploy.env"), document);
  for (
    const args of [["view", runId], ["compare"], ["list"], ["log"], ["diff", runId, runId]]
  ) {
    const read = await cli(args, { cwd });
    assertEquals(read.code, 64, `${args.join(" ")}: ${read.stdout}${read.stderr}`);
    match(read.stderr, new RegExp(`${runId}\\.json.*symbolic link`), args.join(" "));
    assertEquals(read.stderr.trim().split("\n").length, 1, read.stderr);
    ok(!/DEPLOY|tok_live/.test(read.stdout + read.stderr), `${args.join(" ")}: ${read.stderr}`);
  }
  const verified = await cli(["verify", "--whole-store"], { cwd });
  assertEquals(verified.code, 1, verified.stdout + verified.stderr);
  match(verified.stdout, /symbolic link/);
  ok(!/DEPLOY|tok_live/.test(verified.stdout + verified.stderr), verified.stdout);
});
