import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { cli } from "./_cli.ts";
import { commitQuietly, ROUTES, trappedRepository } from "./_git_traps.ts";

for (const route of ROUTES) {
  Deno.test(`no git digline starts runs the ${route} the repository's config names: run's stamp, promote, run and compare with --baseline-ref`, async () => {
    const repo = await trappedRepository([route]);
    const { cwd } = repo;
    await repo.touch();
    const ran = await cli(["run", "suite.toml", "--json"], { cwd });
    assertEquals(ran.code, 0, ran.stderr);
    assertEquals(JSON.parse(ran.stdout).git_commit?.length, 40, ran.stdout);
    assertEquals(await repo.sprung(), [], "run's stamp");
    assertEquals((await cli(["promote", "latest", "--because", "ok"], { cwd })).code, 0);
    assertEquals(await repo.sprung(), [], "promote");
    await commitQuietly(cwd);
    await repo.touch();
    const again = await cli(["run", "suite.toml", "--baseline-ref", "main", "--json"], { cwd });
    assertEquals(again.code, 0, again.stderr);
    const gated = await cli(
      ["compare", "--baseline-ref", "main", JSON.parse(again.stdout).run_id],
      {
        cwd,
      },
    );
    assertEquals(gated.code, 0, gated.stdout + gated.stderr);
    assertEquals(await repo.sprung(), [], "run and compare with --baseline-ref");
  });
}
