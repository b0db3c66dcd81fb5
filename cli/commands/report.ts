import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";
import { GATE_FOOTER, GATE_OPTIONS, REDACT_OPTION } from "../gate_options.ts";

const options = {
  format: {
    type: "string",
    value: "FORMAT",
    help: "md, junit or html (default: from --out's extension, else md)",
  },
  out: {
    type: "string",
    value: "FILE",
    help: "write the report to FILE; stdout then gets the headline (or --json)",
  },
  ...GATE_OPTIONS,
  ...REDACT_OPTION,
} as const satisfies OptionDeclarations;

/** What `digline report`'s code (cli/actions/report.ts) receives. */
export type ReportInput = CommandInput<typeof options>;

/** `digline report [RUN]`: compare, written as Markdown, JUnit XML or HTML; gates like compare. */
export const reportCommand = defineCommand({
  name: "report",
  summary: "compare, written as Markdown, JUnit XML or HTML (gates like compare)",
  usage: "report [RUN] [options]",
  description: [
    "Compares RUN (default: the suite's latest run) with the suite's approved baseline, exactly",
    "as `digline compare` does, and writes the comparison as a report: md for a pull-request",
    "comment (fits GitHub's limit; long lists folded), junit for CI test tabs (one testcase per",
    "case · check), or html (one self-contained page: flips with outputs side by side, figures",
    "over time). The report goes to standard output unless --out names a file. Exits with the",
    "same code as compare.",
    "",
    "--out writes only under .digline/, the one folder the command may write (e.g. --out",
    ".digline/reports/report.html); for a file elsewhere redirect standard output (> report.html).",
    "Under deno run (a clone, the bundle), --allow-write=FILE added to its flags allows that file.",
    "",
    "--redact outputs,vars (or the suite's [report] redact) replaces every output, check",
    "reason, error and expected value by its sha256 digest (sha256:ab12…), keeping every id,",
    "status, count and figure, for a report posted where the data must not go.",
  ],
  options,
  positionals: { min: 0, max: 1 },
  footer: GATE_FOOTER,
});
