import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./cli/_cli.ts";

const tasks: Record<string, string> = JSON.parse(
  Deno.readTextFileSync(join(ROOT, "deno.json")),
).tasks;

function permissionFlags(task: string): string[] {
  return task.split(/\s+/).filter((w) => /^--(allow|deny)-|^--no-prompt$/.test(w));
}

Deno.test("the compiled binary gets exactly the permission flags of the digline task", () => {
  assertEquals(permissionFlags(tasks.compile), permissionFlags(tasks.digline));
  ok(tasks.compile.includes("--include mcp/run_worker.ts"), "the MCP run worker must be embedded");
});

Deno.test("no task a user runs grants everything", () => {
  for (const [name, task] of Object.entries(tasks)) {
    ok(!/\s-A(\s|$)|--allow-all/.test(task), `task ${name} grants everything`);
  }
});
