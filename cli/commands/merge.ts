import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  suite: {
    type: "string",
    value: "SUITE",
    help: "the suite file (default: the file the shards were run from)",
  },
  "latest-shards": {
    type: "boolean",
    default: false,
    help: "merge the suite's newest set of shard runs in the store",
  },
} as const satisfies OptionDeclarations;

/** What `digline merge`'s code (cli/actions/merge.ts) receives. */
export type MergeInput = CommandInput<typeof options>;

/** `digline merge`: reconcile shard runs into one run. */
export const mergeCommand = defineCommand({
  name: "merge",
  summary: "reconcile the shard runs of a suite (run --shard K/N) into one run",
  usage: "merge RUN... | merge --suite SUITE --latest-shards [options]",
  description: [
    "Makes one ordinary run of the shard runs of a suite (made with run --shard K/N) and",
    "stores it: every case the suite declares gets exactly one result. The cases of a shard",
    "that is not given get errored verdicts marked unreconciled (cause shard-missing), so",
    "compare exits 2 on the merged run, never 0. Shards of another suite digest, of another",
    "shard count, or two shards answering the same case are refused (exit 64).",
    "Exits 0 once the merged run is stored, missing shards or not: the gate is compare.",
    "",
    "--latest-shards walks back from the suite's newest shard run and takes those of the same",
    "count, digests and commit, until one differs or a shard number repeats.",
  ],
  options,
  positionals: { min: 0, max: 1000 },
});
