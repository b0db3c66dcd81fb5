import type { Io } from "./io.ts";

/** One CLI command: one file each under cli/commands/. */
export interface Command {
  name: string;
  /** One line for `digline --help`. */
  summary: string;
  /** The full `--help` text. */
  help: string;
  /** Runs the command and returns its exit code; refusals are thrown, never printed here. */
  execute(args: string[], io: Io): Promise<number>;
}
