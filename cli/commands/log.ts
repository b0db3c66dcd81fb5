import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";
import { LIMIT_OPTIONS } from "./_limit_options.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";

const options = {
  suite: { type: "string", value: "NAME", help: "the suite, when the store holds several" },
  ...LIMIT_OPTIONS,
} as const satisfies OptionDeclarations;

/** What `digline log`'s code (cli/actions/log.ts) receives. */
export type LogInput = CommandInput<typeof options>;

/** `digline log`: a suite's history of runs and promotions. */
export const logCommand = defineCommand({
  name: "log",
  summary: "a suite's history: runs and promotions in order",
  usage: "log [--suite NAME] [--limit N | --all] [options]",
  description: [
    "Prints the suite's runs and promotions, oldest first; in a store of several suites and no",
    "--suite, every suite's, each line naming its suite. Exits 0 whenever it read the store.",
    `Prints the last ${DEFAULT_ROW_LIMIT} events unless --limit or --all says otherwise, and says how many`,
    "it left out.",
  ],
  options,
  positionals: { min: 0, max: 0 },
});
