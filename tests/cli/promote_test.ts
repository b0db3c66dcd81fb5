import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

const CALIBRATED = `
name = "calibrated"

[target]
module = "system.ts"
export = "answer"
retries = 0

[[assertions]]
name = "starts-ok"
kind = "regex"
pattern = "^ok"

[[cases]]
id = "n1"
vars = { q = "n1" }

[[cases]]
id = "instrument"
kind = "calibration"
check = "starts-ok"
expected_verdict = "fail"
output = "ok, but the instrument must call this a failure"
`;

async function promoteEvents(cwd: string): Promise<number> {
  const log = JSON.parse((await cli(["log", "--json"], { cwd })).stdout);
  return log.events.filter((e: { event: string }) => e.event === "promote").length;
}

Deno.test("promote without --because is refused in one line and approves nothing", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  for (const args of [["promote", "latest"], ["promote", "latest", "--because", "  "]]) {
    const result = await cli(args, { cwd });
    assertEquals(result.code, 64, args.join(" "));
    match(result.stderr, /--because TEXT is required/);
    assertEquals(result.stderr.trim().split("\n").length, 1, "a refusal is one line");
  }
  assertEquals(await promoteEvents(cwd), 0);
  const approved = await cli(["promote", "latest", "--because", "reviewed"], { cwd });
  assertEquals(approved.code, 0, approved.stderr);
  match(approved.stdout, /because: reviewed/);
});

Deno.test("promote refuses a run whose calibration case came back wrong", async () => {
  const cwd = await workspace({
    "suite.toml": CALIBRATED,
    "system.ts": `export function answer(vars) { return "ok " + vars.q; }\n`,
  });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const result = await cli(["promote", "latest", "--because", "looks fine"], { cwd });
  assertEquals(result.code, 64, result.stderr);
  match(result.stderr, /calibration came back wrong \(instrument · starts-ok pass, wanted fail\)/);
  assertEquals(result.stderr.trim().split("\n").length, 1, "a refusal is one line");
  assertEquals(await promoteEvents(cwd), 0);
});
