import { type CommandInput, defineCommand } from "../define_command.ts";
import { GATE_FOOTER, GATE_OPTIONS, REDACT_OPTION } from "../gate_options.ts";

const options = { ...GATE_OPTIONS, ...REDACT_OPTION };

/** What `digline explain`'s code (cli/actions/explain.ts) receives. */
export type ExplainInput = CommandInput<typeof options>;

/** `digline explain [RUN]`: the facts behind compare's verdict; gates like compare. */
export const explainCommand = defineCommand({
  name: "explain",
  summary: "the facts behind compare's verdict, one per line (gates like compare)",
  usage: "explain [RUN] [options]",
  description: [
    "Prints every fact behind the verdict of `digline compare RUN`, one per line, in a closed",
    "vocabulary (regression, improvement, unjudged, figure-worse, ...), then the verdict and",
    "the kinds of fact that forced it. Exits with the same code as compare.",
    "",
    "--redact outputs,vars (or the suite's [report] redact) names each errored cause by its",
    "digest, in the printed lines and in --json, as compare does.",
  ],
  options,
  positionals: { min: 0, max: 1 },
  footer: GATE_FOOTER,
});
