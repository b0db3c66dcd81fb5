import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  resume: { type: "boolean", default: false, help: "continue the suite's interrupted run" },
  restart: {
    type: "boolean",
    default: false,
    help: "discard the interrupted run's journal and start over",
  },
  shard: {
    type: "string",
    value: "K/N",
    help: "run only shard K of N and store a partial run for `digline merge`",
  },
  label: {
    type: "string",
    value: "TEXT",
    help:
      "a name for the run, shown by list, view and the viewer (one line, at most 200 characters)",
  },
  "retry-errors": {
    type: "boolean",
    default: false,
    help:
      "call again only the errored cases of a stored run (RUN, or a suite file's latest run; default: the latest run) and store the completed run as a new one",
  },
  "baseline-ref": {
    type: "string",
    value: "REF",
    help:
      "re-check pure checks on the approval committed at REF (as compare --baseline-ref reads it), not the store on disk",
  },
} as const satisfies OptionDeclarations;

/** What `digline run`'s code (cli/actions/run.ts) receives. */
export type RunInput = CommandInput<typeof options>;

/** `digline run SUITE`: execute a suite and store the run. */
export const runCommand = defineCommand({
  name: "run",
  summary: "run a suite against its target and store the run",
  usage: "run SUITE [options] | run --retry-errors [RUN | SUITE] [options]",
  description: [
    "Runs every case of SUITE (a .toml file, or a .ts module exporting `suite`) against its",
    "target, stores the run under the store and prints its id and a summary. Exits 0 once the",
    "run is stored, or 2 when a check errored or got no verdict (the run is stored all the same,",
    "and stderr says how many and the first cause): the gate is `digline compare`.",
    "",
    "Each finished case is journaled under the store's work/ folder. If a run is killed, run",
    "it again with --resume: journaled cases are reused, not called again.",
    "",
    "With --retry-errors, it completes a stored run instead: only the cases that errored in it",
    "are called again, every other case's result is reused, and the completed run is stored as",
    "a new run naming the original (retried_from: its id and digest), which is kept. Refused",
    "(64) when the suite, its rules or the code's commit changed since that run.",
  ],
  options,
  positionals: { min: 0, max: 1 },
});
