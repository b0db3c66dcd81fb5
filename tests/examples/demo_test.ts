import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../cli/_cli.ts";
import { denoCommand } from "../../examples/demo.ts";

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
  // Every command it shows is followed by what it printed, or the part the demo reads.
  match(
    stdout,
    /\$ digline compare --json\n\{"verdict":1,"causes_by_kind":\{"regression":\{"count":86\}/,
  );
  match(stdout, /\(an excerpt of its \d+ bytes: the fields the demo reads\)/);
  const deno = denoCommand(Deno.execPath()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  match(stdout, new RegExp(`Explore its store with: ${deno} task digline view --store \\.demo/`));
});

Deno.test("the demo's closing hint starts Deno the way the reader did: npx for a copy npm installed", () => {
  const npx = `npx -y deno@${Deno.version.deno}`;
  assertEquals(denoCommand("/root/.npm/_npx/3f2a/node_modules/deno/deno"), npx);
  assertEquals(denoCommand("/usr/lib/node_modules/deno/deno"), npx);
  assertEquals(denoCommand("C:\\npm-cache\\_npx\\3f2a\\node_modules\\deno\\deno.exe"), npx);
  assertEquals(denoCommand("/home/ana/.deno/bin/deno"), "deno");
});
