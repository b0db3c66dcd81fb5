import type { OptionDeclarations } from "../../host/command_line.ts";
import { type CommandInput, defineCommand } from "../command.ts";

const options = {
  suite: { type: "string", value: "NAME", help: "the suite, when the store holds several" },
} as const satisfies OptionDeclarations;

/** What `digline view`'s code (cli/actions/view.ts) receives. */
export type ViewInput = CommandInput<typeof options>;

/** `digline view [RUN]`: the runs with their figures as columns, or one run's table. */
export const viewCommand = defineCommand({
  name: "view",
  summary: "the runs with their figures as columns, or one run in detail",
  usage: "view [RUN] [--suite NAME] [options]",
  description: [
    "Without RUN: every run of the suite, newest first, with each figure as a column.",
    "With RUN: that run's identity, its verdict tallies and its figures with their exclusions.",
  ],
  options,
  positionals: { min: 0, max: 1 },
  load: () => import("../actions/view.ts"),
});
