import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  "whole-store": {
    type: "boolean",
    default: false,
    help: "read every document of the store instead: exit 0 sound, 1 naming each damaged file",
  },
} as const satisfies OptionDeclarations;

/** What `digline verify`'s code (cli/actions/verify.ts) receives. */
export type VerifyInput = CommandInput<typeof options>;

/** `digline verify FILE`: does a saved compare payload still hold against the store? */
export const verifyCommand = defineCommand({
  name: "verify",
  summary: "re-derive a saved compare --json payload from the store (exit 0 holds, 1 not)",
  usage: "verify FILE [options] | verify --whole-store [options]",
  description: [
    "Re-derives a payload saved from `digline compare --json` (or explain --json) from the runs",
    "and approvals in the store, and compares it field by field, only the fields the file has:",
    "a payload saved by an older digline keeps holding; one that was edited, or whose runs",
    "changed, does not. Exits 0 when every field holds, 1 naming the fields that do not, and",
    "64 when a run the payload names is not in the store.",
    "",
    "With --whole-store (and no FILE) it reads every document of the store whole instead: each run",
    "against its file name and the size and CRC-32 its index recorded, each index line against",
    "a document, each approval and the runs it cites, each confirmation. Exits 0 when all hold,",
    "1 naming each damaged or inconsistent file (a run of a newer schema says so).",
  ],
  options,
  positionals: { min: 0, max: 1 },
});
