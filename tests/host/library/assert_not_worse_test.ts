import { deepStrictEqual as assertEquals, match, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { assertNotWorse, NotWorseAssertionError } from "../../../mod.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "../../cli/_cli.ts";

async function approved(): Promise<string> {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals((await cli(["promote", "latest", "--because", "ok"], { cwd })).code, 0);
  return cwd;
}

Deno.test("assertNotWorse passes when the suite is not worse than its approval", async () => {
  const cwd = await approved();
  const comparison = await assertNotWorse(join(cwd, "suite.toml"), {
    store: join(cwd, ".digline"),
  });
  assertEquals(comparison.verdict, 0);
  const runs = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs;
  assertEquals(runs.length, 2, "the helper's run is stored like any other");
});

Deno.test("assertNotWorse fails with compare's headline when a case regressed", async () => {
  const cwd = await approved();
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  let message = "";
  await rejects(
    assertNotWorse(join(cwd, "suite.toml"), { store: join(cwd, ".digline") }),
    (error: unknown) => {
      ok(error instanceof NotWorseAssertionError);
      match(error.message, /^WORSE \(exit 1\): .*two · correct/);
      assertEquals(error.result.verdict, 1);
      message = error.message;
      return true;
    },
  );
  const compare = await cli(["compare"], { cwd });
  assertEquals(compare.code, 1);
  assertEquals(message, compare.stdout.split("\n")[0], "the message is compare's headline");
});
