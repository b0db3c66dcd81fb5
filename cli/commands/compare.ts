import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";
import { CONFIRM_OPTION, GATE_FOOTER, GATE_OPTIONS, REDACT_OPTION } from "../gate_options.ts";

const options = {
  ...CONFIRM_OPTION,
  ...GATE_OPTIONS,
  ...REDACT_OPTION,
} as const satisfies OptionDeclarations;

/** What `digline compare`'s code (cli/actions/compare.ts) receives. */
export type CompareInput = CommandInput<typeof options>;

/** `digline compare [RUN]`: the gate. */
export const compareCommand = defineCommand({
  name: "compare",
  summary: "gate: is RUN worse than the approved baseline? (exit 0, 1 or 2)",
  usage: "compare [RUN] [options]",
  description: [
    "Compares RUN (default: the suite's latest run) with the suite's approved baseline: cases",
    "by id, checks by assertion id, figures by name. Prints the reading and exits with the",
    "verdict. The primary figure gates by a paired test at the suite's [gate] alpha. Against",
    "one baseline run, a check that passed and fails now is a regression; against several,",
    "each such flip is reported and their count gates by an exact test against the baseline's",
    "history (alpha shared half and half with the figure).",
    "",
    "With --confirm it first draws again what is ambiguous: each check that passed in every",
    "baseline run and failed, until a sequential test decides whether it broke, and each case",
    "the baseline found noisy, a number of times fixed from the baseline. The draws are stored",
    "beside the run (and used by later compare, explain and verify); a check the draws do not",
    "confirm is reported as unconfirmed and its failure still counts in the figures.",
    "",
    "In a store of several suites, with no RUN, --suite or --baseline, it gates every suite (each",
    "suite's latest run against its approval): one headline per suite, and the exit code is the",
    "worst of them (2 outranks 1). --json then prints one document holding each comparison.",
    "",
    "--redact outputs,vars (or the suite's [report] redact) marks the document as redacted and",
    "names each errored cause (a reason's first line, which can quote the output) by its digest;",
    "the rest names ids, checks, statuses and numbers only. `digline verify` holds on it.",
  ],
  options,
  positionals: { min: 0, max: 1 },
  footer: GATE_FOOTER,
});
