import { join } from "node:path";
import { taskFlags } from "../../tools/task_flags.ts";
import { ROOT } from "../cli/_cli.ts";

/** What one operator process printed, and how it ended. */
export interface OperatorResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `operator/main.ts ARGS` as its task launches it (the task's own flags, plus `extraFlags`),
 * in `cwd`, with `env` beside this process's environment.
 */
export async function runOperator(
  args: string[],
  options: { cwd: string; extraFlags?: string[]; env?: Record<string, string> },
): Promise<OperatorResult> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      join(ROOT, "deno.json"),
      ...taskFlags("operator", "operator/main.ts"),
      ...(options.extraFlags ?? []),
      join(ROOT, "operator", "main.ts"),
      ...args,
    ],
    cwd: options.cwd,
    env: { NO_COLOR: "1", ...options.env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}
