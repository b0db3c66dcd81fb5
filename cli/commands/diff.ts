import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  limit: {
    type: "string",
    default: "50",
    value: "N",
    help: "show at most N changed cases (default 50; 0 for all)",
  },
  suite: {
    type: "string",
    value: "NAME",
    help: "find A and B (and `latest`) among this suite's runs",
  },
} as const satisfies OptionDeclarations;

/** What `digline diff`'s code (cli/actions/diff.ts) receives. */
export type DiffInput = CommandInput<typeof options>;

/** `digline diff A B`: what changed in the outputs between two runs. */
export const diffCommand = defineCommand({
  name: "diff",
  summary: "what changed in the outputs between two runs",
  usage: "diff A B [options]",
  description: [
    "Shows every case whose output differs between runs A and B (ids, unique prefixes or",
    "`latest`), the old output after - and the new after +. Exits 0 on a report. A and B must be",
    "runs of one suite: two suites are refused (64).",
  ],
  options,
  positionals: { min: 2, max: 2 },
});
