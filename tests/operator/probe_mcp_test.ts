import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { RunStore } from "../../host/store/store.ts";
import { probeMcpPromote } from "../../operator/probe_mcp.ts";
import { probeSuiteToml, rejudgeAttacker } from "../../operator/probe_attackers.ts";
import { pathToFileURL } from "node:url";
import { cli, ROOT, workspace } from "../cli/_cli.ts";

Deno.test("a server that grants a command reads collapsed: the program is outside Deno's permissions", async () => {
  const root = join(await Deno.makeTempDir({ prefix: "digline-mcp-probe-" }), ".digline");
  const result = await probeMcpPromote(new RunStore({ root, tenant: "default" }), {
    commands: ["python3"],
  });
  assertEquals(result.outcome, "collapsed");
  match(result.detail, /python3/);
});

Deno.test("the probe's rejudge suite writes an approval where no worker walls it, so its intact means something; the CLI walls it too", async () => {
  const cwd = await workspace({
    "suite.toml": probeSuiteToml("TENANT"),
    "system.ts": 'export function answer() { return "tried"; }\n',
  });
  const tenant = join(await Deno.realPath(cwd), ".digline", "default");
  const suite = join(cwd, "suite.toml");
  await Deno.writeTextFile(suite, (await Deno.readTextFile(suite)).replace("TENANT", tenant));
  await Deno.writeTextFile(join(cwd, "rejudge.ts"), rejudgeAttacker(tenant));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const approvals = join(tenant, "baselines", "mcp-probe");
  await Deno.mkdir(approvals, { recursive: true });
  // The CLI's rejudge holds the whole store, but loads the suite in a Worker that writes nothing.
  const rejudged = await cli(["rejudge", "latest", "--suite-file", "rejudge.ts"], { cwd });
  assertEquals(rejudged.code, 0, rejudged.stderr);
  assertEquals([...Deno.readDirSync(approvals)], []);
  // Imported where nothing walls it, the same module writes both approvals: the attack is real.
  const loaded = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      "--config",
      join(ROOT, "deno.json"),
      `await import(${JSON.stringify(pathToFileURL(join(cwd, "rejudge.ts")).href)})`,
    ],
    cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  assertEquals(loaded.code, 0, new TextDecoder().decode(loaded.stderr));
  assertEquals(
    [...Deno.readDirSync(approvals)].map((e) => e.name).sort(),
    ["rejudge-load-renamed.json", "rejudge-load.json"],
  );
});
