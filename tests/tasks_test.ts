import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { cliFlags, ROOT } from "./cli/_cli.ts";
import { compileArgs } from "../tools/compile.ts";

const tasks: Record<string, string> = JSON.parse(
  Deno.readTextFileSync(join(ROOT, "deno.json")),
).tasks;

Deno.test("the compiled binary gets exactly the permission flags of the digline task", () => {
  const args = compileArgs({ target: "x86_64-apple-darwin", output: "dist/x" });
  const flags = cliFlags();
  const at = args.indexOf(flags[0]);
  assertEquals(args.slice(at, at + flags.length), flags);
  ok(args.join(" ").includes("--include mcp/run_worker.ts"), "the MCP run worker is embedded");
  ok(tasks.compile.endsWith("tools/compile.ts"), "deno task compile reads the one list");
});

Deno.test("no task a user runs grants everything", () => {
  for (const [name, task] of Object.entries(tasks)) {
    ok(!/\s-A(\s|$)|--allow-all/.test(task), `task ${name} grants everything`);
  }
});
