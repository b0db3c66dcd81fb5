import { resolve } from "node:path";
import { z } from "zod";
import { commandTargetProgram } from "../../host/targets/command_target.ts";
import { UsageError } from "../../host/process/refusals.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";
import type { ToolAnnotations } from "../_sdk.ts";
import { RunStore, type StoreLocation } from "../../host/store/store.ts";

/** A store is opened per call, so a run or a promotion made meanwhile by the CLI is seen. */
export function openStore(location: StoreLocation): RunStore {
  return new RunStore(location);
}

/** `--suite NAME`: needed only when the store holds several suites. */
export const SUITE_NAME = z.string().min(1).describe(
  "the suite's name (not its file); needed only when the store holds several suites",
);

/** `--limit N` and `--all` of `list` and `log`. */
export const ROW_LIMIT_INPUT = {
  limit: z.number().int().min(1).optional().describe(
    `give only the newest N (default ${DEFAULT_ROW_LIMIT})`,
  ),
  all: z.boolean().optional().describe("give every one"),
};

/** A RUN as the CLI takes it. */
export const RUN_REF = z.string().min(1).describe(
  'a run id, a unique prefix of one, or "latest"',
);

/** Tools that read the store and change nothing. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Tools that store a new run (run, rejudge): they add, never overwrite, and may call out. */
export const WRITES_A_RUN: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

/** `--resume` and `--restart` of a command that stores a run (`what`: "this suite's run"). */
export function resumeOptions(command: string, what: string) {
  return {
    resume: z.boolean().optional().describe(
      `continue ${what}, reusing the cases it finished (${command} --resume)`,
    ),
    restart: z.boolean().optional().describe(
      `discard ${what} and start over (${command} --restart)`,
    ),
  };
}

/**
 * Refuses a call that would start a suite's command target the server was not granted: a
 * program it starts is outside Deno's permissions, where it could write an approval.
 */
export async function refuseUngrantedCommand(
  suiteFile: string,
  call: { tool: string; granted: readonly string[]; withTheCli: string },
): Promise<void> {
  const program = await commandTargetProgram(resolve(suiteFile));
  if (program === null || call.granted.includes(program)) return;
  throw new UsageError(
    `${call.tool}: ${suiteFile} has a command target (${program}), and a program it starts is outside Deno's permissions, so it could write an approval; this server runs none unless the person starting it grants that program (digline mcp --allow-command ${program}), or ${call.withTheCli}`,
  );
}
