import type { OptionDeclarations } from "../host/process/command_line.ts";

/** The options every gating command (compare, explain, report) takes beyond the common ones. */
export const GATE_OPTIONS = {
  suite: { type: "string", value: "NAME", help: "the suite, when the store holds several" },
  baseline: {
    type: "string",
    value: "RUN",
    help: "compare against this run instead of the approved baseline",
  },
  "baseline-ref": {
    type: "string",
    value: "REF",
    help:
      "read the approval and its runs from git at REF (e.g. origin/main), not from the store on disk; an approval the tree adds is reported, and rules that move the baseline's verdicts are worse (1)",
  },
  "accept-rules-change": {
    type: "boolean",
    default: false,
    help:
      "with --baseline-ref: a maintainer accepts rules that move the baseline's verdicts; they are judged under the new rules",
  },
} as const satisfies OptionDeclarations;

/** `compare --confirm`: draw again what is ambiguous before deciding. */
export const CONFIRM_OPTION = {
  confirm: {
    type: "boolean",
    default: false,
    help: "draw ambiguous cases again before deciding (costs target calls)",
  },
  "max-extra-calls": {
    type: "string",
    value: "N",
    help:
      "with --confirm: at most N extra target calls for each suite (default: the suite's [gate] max_extra_calls, or half its cases)",
  },
} as const satisfies OptionDeclarations;

/** `compare --json` and `report`: documents meant to be shared, with their payloads hidden. */
export const REDACT_OPTION = {
  redact: {
    type: "string",
    value: "KINDS",
    help:
      "outputs,vars: replace these payloads by sha256 digests (adds to the suite's [report] redact)",
  },
} as const satisfies OptionDeclarations;

/** The exit codes a gating command's `--help` ends with. */
export const GATE_FOOTER = [
  "exit codes: 0 not worse · 1 worse than the baseline · 2 could not be judged ·",
  "            64 refused (bad request, no baseline) · 70 an unanticipated failure",
] as const;
