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
  usage: "run SUITE [options]",
  description: [
    "Runs every case of SUITE (a .toml file, or a .ts module exporting `suite`) against its",
    "target, stores the run under the store and prints its id and a summary. Exits 0 once the",
    "run is stored, or 2 when a check errored or got no verdict (the run is stored all the same,",
    "and stderr says how many and the first cause): the gate is `digline compare`.",
    "",
    "Each finished case is journaled under the store's work/ folder. If a run is killed, run",
    "it again with --resume: journaled cases are reused, not called again.",
  ],
  options,
  positionals: { min: 1, max: 1 },
  load: () => import("../actions/run.ts"),
});
