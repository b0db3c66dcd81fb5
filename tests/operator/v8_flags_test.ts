import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../cli/_cli.ts";
import { runOperator } from "../support/operator_process.ts";

const FIXTURE = join(ROOT, "tests", "fixtures", "operator", "attack");

/** A workspace with the operator's attack fixture, its system asked to try nothing. */
async function workspace(): Promise<string> {
  const cwd = join(await Deno.makeTempDir({ prefix: "digline-v8-" }), "ops");
  await Deno.mkdir(cwd);
  for (const file of ["operator.toml", "system.ts", "attacks.ts", "suite.toml"]) {
    await Deno.copyFile(join(FIXTURE, file), join(cwd, file));
  }
  await Deno.writeTextFile(join(cwd, "attack.json"), JSON.stringify({ attempts: [] }));
  return cwd;
}

function cycle(cwd: string, v8Flags: string) {
  return runOperator(["cycle", "--json"], { cwd, env: { DENO_V8_FLAGS: v8Flags } });
}

Deno.test("a V8 flag that writes files is refused at the operator's launch with one dash as with two, and with _ for -", async () => {
  for (
    const flags of [
      "-nologfile_per_isolate,-logfile=v8.out,-log",
      "--no-logfile-per-isolate,--logfile=v8.out,--log",
      "-ll_prof",
      "--max-old-space-size=512,-gdbjit_dump",
    ]
  ) {
    const cwd = await workspace();
    const refused = await cycle(cwd, flags);
    assertEquals(refused.code, 64, `${flags}: ${refused.stdout}${refused.stderr}`);
    match(refused.stderr, /^operator: DENO_V8_FLAGS holds .*V8 writes files/, flags);
    assertEquals(refused.stderr.trim().split("\n").length, 1, refused.stderr);
    ok(!existsSync(join(cwd, ".digline", "default", "runs")), `${flags}: a cycle ran`);
  }
});

Deno.test("a V8 flag that writes nothing (a heap limit) leaves the operator's cycle to run", async () => {
  const cwd = await workspace();
  const ran = await cycle(cwd, "-max_old_space_size=512");
  ok(ran.code === 0 || ran.code === 1, `${ran.stdout}${ran.stderr}`);
  ok(existsSync(join(cwd, ".digline", "default", "runs")), "the cycle stored its run");
});
