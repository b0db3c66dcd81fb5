/**
 * `deno task compile [--target T] [--output FILE]`: `deno compile` of the CLI with exactly the
 * permission flags of the `digline` task in deno.json (the one list), the MCP run worker
 * embedded. The release workflow calls it once per Deno target.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { runDeno, taskFlags } from "../tools/task_flags.ts";

/** The `deno compile` arguments for one target (the host's when none is named). */
export function compileArgs(options: { target?: string; output: string }): string[] {
  return [
    "compile",
    ...taskFlags("digline", "cli/main.ts"),
    "--include",
    "mcp/run_worker.ts",
    ...(options.target === undefined ? [] : ["--target", options.target]),
    "--output",
    options.output,
    "cli/main.ts",
  ];
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { target: { type: "string" }, output: { type: "string", default: "dist/digline" } },
  });
  Deno.exit(await runDeno(compileArgs({ target: values.target, output: values.output })));
}
