import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";
import { LIMIT_OPTIONS } from "./_limit_options.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";

const options = {
  suite: { type: "string", value: "NAME", help: "only this suite's runs" },
  ...LIMIT_OPTIONS,
} as const satisfies OptionDeclarations;

/** What `digline list`'s code (cli/actions/list.ts) receives. */
export type ListInput = CommandInput<typeof options>;

/** `digline list`: the stored runs, newest first. */
export const listCommand = defineCommand({
  name: "list",
  summary: "the runs in the store, newest first",
  usage: "list [--suite NAME] [--limit N | --all] [options]",
  description: [
    "Lists the stored runs, newest first: id, suite, when, commit, case count, and which run",
    `is its suite's approved baseline (*). Prints the newest ${DEFAULT_ROW_LIMIT} unless --limit or --all says`,
    "otherwise, and says how many it left out.",
  ],
  options,
  positionals: { min: 0, max: 0 },
});
