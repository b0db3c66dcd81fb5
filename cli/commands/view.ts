import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";
import { LIMIT_OPTIONS } from "./_limit_options.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";

const options = {
  suite: { type: "string", value: "NAME", help: "the suite, when the store holds several" },
  ...LIMIT_OPTIONS,
} as const satisfies OptionDeclarations;

/** What `digline view`'s code (cli/actions/view.ts) receives. */
export type ViewInput = CommandInput<typeof options>;

/** `digline view [RUN]`: the runs with their figures as columns, or one run's table. */
export const viewCommand = defineCommand({
  name: "view",
  summary: "the runs with their figures as columns, or one run in detail",
  usage: "view [RUN] [--suite NAME] [--limit N | --all] [options]",
  description: [
    "Without RUN: the runs of the suite (of every suite, when the store holds several and",
    `--suite names none), newest first, with each figure as a column: the newest ${DEFAULT_ROW_LIMIT} unless`,
    "--limit or --all says otherwise.",
    "With RUN: that run's identity, its verdict tallies and its figures with their exclusions.",
  ],
  options,
  positionals: { min: 0, max: 1 },
});
