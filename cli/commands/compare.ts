import type { OptionDeclarations } from "../../host/command_line.ts";
import { type CommandInput, defineCommand } from "../command.ts";
import { CONFIRM_OPTION, GATE_FOOTER, GATE_OPTIONS } from "../gate_options.ts";

const options = { ...CONFIRM_OPTION, ...GATE_OPTIONS } as const satisfies OptionDeclarations;

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
    "verdict. The primary figure gates by a paired test at the suite's [gate] alpha; a check",
    "that passed in every baseline run and fails now is a regression.",
    "",
    "With --confirm it first draws again what is ambiguous: each check that passed in every",
    "baseline run and failed, until a sequential test decides whether it broke, and each case",
    "the baseline found noisy, a number of times fixed from the baseline. The draws are stored",
    "beside the run (and used by later compare, explain and verify); a check the draws do not",
    "confirm is reported as unconfirmed and its failure still counts in the figures.",
  ],
  options,
  positionals: { min: 0, max: 1 },
  footer: GATE_FOOTER,
  load: () => import("../actions/compare.ts"),
});
