import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";
import { REDACT_OPTION } from "../gate_options.ts";

const options = {
  out: {
    type: "string",
    value: "DIR",
    help: "the folder to write the site into (default: .digline/site)",
  },
  ...REDACT_OPTION,
} as const satisfies OptionDeclarations;

/** What `digline site`'s code (cli/actions/site.ts) receives. */
export type SiteInput = CommandInput<typeof options>;

/** `digline site`: the store's site written as a folder of static files. */
export const siteCommand = defineCommand({
  name: "site",
  summary: "the store's site written as static files (a CI artifact, Pages)",
  usage: "site [--out DIR] [--redact outputs,vars] [options]",
  description: [
    "Writes the pages `digline serve` shows into DIR (default: .digline/site) as plain files",
    "that open from disk with no server and no network: index.html first. Every page a page",
    "links to is written, so no link in the folder is broken: each listed run against the run",
    "before it and against the approved run, where serve compares any two.",
    "",
    "DIR must be under .digline/, the one folder the command may write: publish or copy the",
    "folder from there. Under deno run (a clone, the bundle), --allow-write=DIR added to its",
    "flags allows another. --redact outputs,vars (or a suite's [report] redact) writes",
    "digests in place of payloads, for a site published where the data must not go.",
  ],
  options,
  positionals: { min: 0, max: 0 },
});
