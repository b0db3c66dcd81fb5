import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, git } from "./_cli.ts";

/** What `view RUN --json` names as the run's target. */
async function targetOf(run: string, cwd: string): Promise<string> {
  const view = await cli(["view", run, "--json"], { cwd });
  assertEquals(view.code, 0, view.stderr);
  return JSON.parse(view.stdout).target;
}

Deno.test({
  name:
    "a module target's identity is its path from the repository root: an approval made in one clone names the same target as a run in another, and compares cleanly there",
  sanitizeResources: false,
  fn: async () => {
    // The developer's clone and the runner's checkout sit at different absolute paths.
    const developer = join(await Deno.makeTempDir({ prefix: "digline-dev-" }), "project");
    await Deno.mkdir(developer);
    await git(developer, "init", "-q", "-b", "main");
    assertEquals((await cli(["init"], { cwd: developer })).code, 0);
    // The suite is run from a folder below the root, as a monorepo's package might be.
    const evals = join(developer, "evals");
    assertEquals((await cli(["run", "suite.toml"], { cwd: evals })).code, 0);
    const promoted = await cli(["promote", "latest", "--because", "first"], { cwd: evals });
    assertEquals(promoted.code, 0, promoted.stderr);
    const approved = await targetOf("latest", evals);
    assertEquals(approved, "module: evals/system.ts#answer");
    ok(!approved.includes(developer), approved);
    await git(developer, "add", "-A");
    await git(developer, "commit", "-q", "-m", "init and a first approval");

    const runner = join(await Deno.makeTempDir({ prefix: "digline-runner-" }), "work", "checkout");
    await git(developer, "clone", "-q", developer, runner);
    const ranHere = await cli(["run", "suite.toml"], { cwd: join(runner, "evals") });
    assertEquals(ranHere.code, 0, ranHere.stderr);
    assertEquals(await targetOf("latest", join(runner, "evals")), approved);
    const gated = await cli(["compare", "--baseline-ref", "HEAD", "--json"], {
      cwd: join(runner, "evals"),
    });
    assertEquals(gated.code, 0, gated.stderr);
    const kinds = JSON.parse(gated.stdout).facts.map((f: { kind: string }) => f.kind);
    assertEquals(kinds.filter((k: string) => !["compared", "figure-unchanged"].includes(k)), []);
  },
});

Deno.test("outside a git repository, a module target is named from the folder digline runs in", async () => {
  const cwd = join(await Deno.makeTempDir({ prefix: "digline-no-git-" }), "project");
  await Deno.mkdir(cwd);
  assertEquals((await cli(["init"], { cwd })).code, 0);
  assertEquals((await cli(["run", "evals/suite.toml"], { cwd })).code, 0);
  assertEquals(await targetOf("latest", cwd), "module: evals/system.ts#answer");
});
