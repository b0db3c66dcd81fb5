import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";
import { REDACT_OPTION } from "../gate_options.ts";

const options = {
  port: {
    type: "string",
    value: "N",
    help: "the port to listen on (default: 8470; 0 picks a free one)",
  },
  host: {
    type: "string",
    value: "ADDRESS",
    help:
      "listen on ADDRESS instead of 127.0.0.1 (said on stderr: the store is then reachable from it)",
  },
  "allow-host-name": {
    type: "string",
    value: "NAME,...",
    help:
      "also answer requests addressed to these host names (those people open it by); a request addressed to any other name is refused (421), an IP address or localhost is always answered",
  },
  ...REDACT_OPTION,
} as const satisfies OptionDeclarations;

/** What `digline serve`'s code (cli/actions/serve.ts) receives. */
export type ServeInput = CommandInput<typeof options>;

/** `digline serve`: the store as a read-only local site. */
export const serveCommand = defineCommand({
  name: "serve",
  summary: "the store as a read-only site in your browser (local only)",
  usage:
    "serve [--port N] [--host ADDRESS] [--allow-host-name NAME,...] [--redact outputs,vars] [options]",
  description: [
    "Serves the store as a site on http://127.0.0.1:8470/ until Ctrl-C: every suite with its",
    "approved baseline, latest verdict and trend; a suite's figures over time with approvals",
    "and operator decisions marked, its runs and each case's pass/fail strip; a run's cases,",
    "searchable and filterable, the filters kept in the URL; the latest run against its",
    "approval, as compare reads it; any two runs of a suite, as diff compares them; who",
    "approved what and why. Only GET is answered, and only the site's own pages: nothing",
    "outside the store is served and nothing in it can change. Pages load nothing from the",
    "network. On every address, a request is answered only when its Host names an IP address,",
    "localhost, or a name --allow-host-name gives: a page elsewhere can not read the store (DNS",
    "rebinding).",
    "",
    "--redact outputs,vars (or a suite's [report] redact) shows digests in place of payloads.",
    "`digline site --out DIR` writes the same pages as files, for a CI artifact or Pages.",
  ],
  options,
  positionals: { min: 0, max: 0 },
});
