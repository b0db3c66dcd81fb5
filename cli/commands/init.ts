import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { LOCAL_ACTION_PATH, SUITE_PATH, WORKFLOW_PATH } from "../../host/init/scaffold_files.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  source: {
    type: "string",
    value: "OWNER/REPO@COMMIT",
    help:
      "the GitHub repository and full commit id of the digline CI installs (default: the clone this digline runs from, when its origin is on GitHub)",
  },
  action: {
    type: "string",
    value: "REF",
    help:
      "use this action reference in the workflow instead of a local action (e.g. me/digline@v1)",
  },
  "ci-only": {
    type: "boolean",
    help: "write only the CI files (the workflow and its local action), for a project with suites",
  },
} as const satisfies OptionDeclarations;

/** What `digline init`'s code (cli/actions/init.ts) receives. */
export type InitInput = CommandInput<typeof options>;

/** `digline init`: a suite, the store's ignore rules and a CI gate, in the current folder. */
export const initCommand = defineCommand({
  name: "init",
  summary: "scaffolds a suite, the store's .gitignore and a CI workflow here",
  usage: "init [--source OWNER/REPO@COMMIT | --action REF] [--ci-only] [options]",
  description: [
    `Writes ${SUITE_PATH} and evals/system.ts (a suite that runs as it stands), .digline/.gitignore`,
    `(only the approvals and the runs they cite go into git), ${WORKFLOW_PATH} (the`,
    `pull-request gate) and ${LOCAL_ACTION_PATH}, a local action that installs digline at`,
    "a pinned commit. The workflow names only GitHub's own actions and that local one, or the",
    "reference --action gives. When init can not tell which GitHub repository and commit its",
    "digline comes from, and neither option is given, it writes no CI files and says so.",
    "It never overwrites: a file that exists is left as it is, and each file is named as",
    "written or left, so init run again in a project adds only what is missing (--ci-only: only",
    "the CI files). Then:",
    "digline run " + SUITE_PATH,
  ],
  options,
  positionals: { min: 0, max: 0 },
});
