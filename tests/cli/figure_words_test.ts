import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

Deno.test("compare's table calls a rise better only where it is significant at the gate's level", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": smallSystem({ wrong: [2] }),
  });
  await cli(["run", "suite.toml"], { cwd });
  await cli(["promote", "latest", "--because", "t"], { cwd });
  await Deno.writeTextFile(`${cwd}/system.ts`, smallSystem());
  await cli(["run", "suite.toml"], { cwd });
  const compared = await cli(["compare"], { cwd });
  assertEquals(compared.code, 0, compared.stdout + compared.stderr);
  // One case of three turned to pass: its interval spans zero, so it is no gain on the table.
  match(compared.stdout, /^ {2}accuracy \*.*rose, not significant$/m);
});
