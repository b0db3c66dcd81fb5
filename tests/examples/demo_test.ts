import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../cli/_cli.ts";

Deno.test("the demo shows compare exiting 1 on dozens of regressions while accuracy rose, and exits 0", async () => {
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  const words = String(config.tasks.demo).split(/\s+/);
  const out = await new Deno.Command(Deno.execPath(), {
    args: words.slice(1),
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assertEquals(out.code, 0, stdout + new TextDecoder().decode(out.stderr));
  match(stdout, /WORSE \(exit 1\): 86 regressions in 86 cases/);
  match(stdout, /accuracy went from 0\.8035 to 0\.8205, yet 86 cases/);
  match(stdout, /compare exited 1/);
  match(stdout, /demo: everything behaved as intended/);
  // Its two runs share a commit: their labels tell them apart in list, log and the viewer.
  match(stdout, /run \S+ of suite sentiment \(AFINN\) stored in/);
  match(stdout, /run \S+ of suite sentiment \(VADER\) stored in/);
});
