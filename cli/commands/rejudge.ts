import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  "suite-file": {
    type: "string",
    value: "FILE",
    help: "the suite whose checks grade (default: the run's own suite file)",
  },
  resume: { type: "boolean", default: false, help: "continue this re-grade after an interruption" },
  restart: {
    type: "boolean",
    default: false,
    help: "discard the interrupted re-grade and start over",
  },
  suite: { type: "string", value: "NAME", help: "the suite, when the store holds several" },
} as const satisfies OptionDeclarations;

/** What `digline rejudge`'s code (cli/actions/rejudge.ts) receives. */
export type RejudgeInput = CommandInput<typeof options>;

/** `digline rejudge RUN`: grade a stored run's outputs again under the suite's current checks. */
export const rejudgeCommand = defineCommand({
  name: "rejudge",
  summary: "grade a stored run's outputs again under the suite's current checks",
  usage: "rejudge RUN [--suite-file FILE] [options]",
  description: [
    "Grades the outputs stored in RUN (an id, a unique prefix of one, or `latest`) again with",
    "the checks the suite declares now, and stores the result as a new run that records which",
    "run it re-graded (rejudged_from) and the suite's digests. Judges are asked; the target is",
    "never called. A case the suite no longer has, or whose vars changed, is left out. A",
    "person can then promote the new run, for instance after changing a judge's rubric.",
    "Exits 0 once the new run is stored. Journaled like run: --resume continues it.",
  ],
  options,
  positionals: { min: 1, max: 1 },
});
