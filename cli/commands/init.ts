import type { OptionDeclarations } from "../../host/command_line.ts";
import { SUITE_PATH } from "../../host/init/scaffold_files.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

/** The workflow's `uses:` for digline's action when --action names none. */
export const DEFAULT_ACTION = "digline/digline@v0.1.0";

const options = {
  action: {
    type: "string",
    default: DEFAULT_ACTION,
    value: "REF",
    help: `the workflow's uses: for digline's action (default: ${DEFAULT_ACTION})`,
  },
} as const satisfies OptionDeclarations;

/** What `digline init`'s code (cli/actions/init.ts) receives. */
export type InitInput = CommandInput<typeof options>;

/** `digline init`: a suite, the store's ignore rules and a CI gate, in the current folder. */
export const initCommand = defineCommand({
  name: "init",
  summary: "scaffolds a suite, the store's .gitignore and a CI workflow here",
  usage: "init [--action OWNER/REPO@REF] [options]",
  description: [
    `Writes ${SUITE_PATH} and evals/system.ts (a suite that runs as it stands), .digline/.gitignore`,
    "(only the approvals and the runs they cite go into git) and .github/workflows/digline.yml",
    "(the pull-request gate). Refuses, writing nothing, when any of them exists. Then:",
    "digline run " + SUITE_PATH,
  ],
  options,
  positionals: { min: 0, max: 0 },
  load: () => import("../actions/init.ts"),
});
