import type { OptionDeclarations } from "../../host/command_line.ts";
import { type CommandInput, defineCommand } from "../command.ts";

const options = {
  suite: { type: "string", value: "NAME", help: "the suite, when the store holds several" },
} as const satisfies OptionDeclarations;

/** What `digline log`'s code (cli/actions/log.ts) receives. */
export type LogInput = CommandInput<typeof options>;

/** `digline log`: a suite's history of runs and promotions. */
export const logCommand = defineCommand({
  name: "log",
  summary: "a suite's history: runs and promotions in order",
  usage: "log [--suite NAME] [options]",
  description: [
    "Prints the suite's runs and promotions, oldest first. Exits 0 whenever it read the store.",
  ],
  options,
  positionals: { min: 0, max: 0 },
  load: () => import("../actions/log.ts"),
});
