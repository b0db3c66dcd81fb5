import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

/**
 * A link planted under the store (by a command target, say) would carry the CLI's next write to
 * wherever it points, operator.toml included; the CLI refuses to write through one.
 */
Deno.test("run refuses to write its journal or runs through a folder in the store that is a symbolic link", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const elsewhere = await Deno.makeTempDir({ prefix: "digline-elsewhere-" });
  await Deno.mkdir(join(cwd, ".digline", "default"), { recursive: true });
  await Deno.symlink(elsewhere, join(cwd, ".digline", "default", "work"));
  const out = await cli(["run", "suite.toml"], { cwd });
  assertEquals(out.code, 64, out.stderr);
  match(
    out.stderr,
    /\.digline\/default\/work is a symbolic link, and digline never writes through one/,
  );
  assertEquals([...Deno.readDirSync(elsewhere)], []);
});

Deno.test("report --out refuses a file that is a symbolic link, and leaves its target alone", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--by", "t", "--because", "first"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "policy.toml"), "kept\n");
  await Deno.symlink(join(cwd, "policy.toml"), join(cwd, "report.md"));
  const out = await cli(["report", "latest", "--out", "report.md"], { cwd });
  assertEquals(out.code, 64, out.stderr);
  match(out.stderr, /report\.md is a symbolic link/);
  assertEquals(await Deno.readTextFile(join(cwd, "policy.toml")), "kept\n");
});
