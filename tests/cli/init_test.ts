import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, git, ROOT } from "./_cli.ts";

Deno.test({
  name:
    "after init, a plain git add commits exactly what promote wrote (the approval and the runs it cites), and a fresh clone gates against it",
  sanitizeResources: false,
  fn: async () => {
    const cwd = await Deno.makeTempDir({ prefix: "digline-init-" });
    ok(!cwd.startsWith(ROOT), "the project must be outside the clone");
    await git(cwd, "init", "-q", "-b", "main");
    const init = await cli(["init"], { cwd });
    assertEquals(init.code, 0, init.stderr);
    // What init tells the user to do is what works: no -f, no path into runs/.
    match(init.stdout, /git add \.digline && git commit/);
    ok(!init.stdout.includes("-f"), init.stdout);
    ok(!(await Deno.readTextFile(join(cwd, ".digline", ".gitignore"))).includes("add -f"));

    assertEquals((await cli(["run", "evals/suite.toml"], { cwd })).code, 0);
    assertEquals((await cli(["run", "evals/suite.toml"], { cwd })).code, 0);
    const promoted = await cli(["promote", "latest", "--by", "Ana", "--because", "first"], {
      cwd,
    });
    assertEquals(promoted.code, 0, promoted.stderr);
    // A confirmation, a lock or an index the store may write sits beside runs/ and stays local.
    await Deno.mkdir(join(cwd, ".digline", "default", "confirmations"), { recursive: true });
    await Deno.writeTextFile(join(cwd, ".digline", "default", "confirmations", "x.json"), "{}");
    await Deno.writeTextFile(join(cwd, ".digline", "stray.json"), "{}");

    await git(cwd, "add", ".digline");
    const tracked = (await git(cwd, "ls-files", ".digline")).trim().split("\n").sort();
    const baselineFiles = [
      ...Deno.readDirSync(join(cwd, ".digline", "default", "baselines", "my-system")),
    ]
      .filter((e) => e.isFile).map((e) => `.digline/default/baselines/my-system/${e.name}`);
    const citedRuns = [
      ...Deno.readDirSync(join(cwd, ".digline", "default", "baselines", "my-system", "runs")),
    ].map((e) => `.digline/default/baselines/my-system/runs/${e.name}`);
    assertEquals(citedRuns.length, 1);
    assertEquals(tracked, [".digline/.gitignore", ...baselineFiles, ...citedRuns].sort());
    await git(cwd, "add", "-A");
    await git(cwd, "commit", "-q", "-m", "digline init and a first approval");

    // A fresh clone holds no runs of its own: only what was committed. It runs and gates.
    const clone = join(await Deno.makeTempDir({ prefix: "digline-clone-" }), "c");
    await git(cwd, "clone", "-q", cwd, clone);
    assertEquals((await cli(["run", "evals/suite.toml"], { cwd: clone })).code, 0);
    const gated = await cli(["compare", "--baseline-ref", "HEAD"], { cwd: clone });
    assertEquals(gated.code, 0, gated.stderr);
    // Plain compare (a push, or the action with baseline-ref none) reads the copies beside the
    // approval, since the clone's runs folder holds only its own run.
    const plain = await cli(["compare"], { cwd: clone });
    assertEquals(plain.code, 0, plain.stderr);
    const view = await cli(["view"], { cwd: clone });
    assertEquals(view.code, 0, view.stderr);
  },
});
