import { compareOutput } from "../../core/output_documents.ts";
import { explainLines } from "../../core/reading.ts";
import { compareRun } from "../../host/operations/compare_run.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "../options.ts";
import { GATE_EXIT_HELP, GATE_HELP, GATE_OPTIONS } from "./compare.ts";

/** `digline explain [RUN]`: the facts behind compare's verdict; gates like compare. */
export const explainCommand: Command = {
  name: "explain",
  summary: "the facts behind compare's verdict, one per line (gates like compare)",
  help: [
    "usage: digline explain [RUN] [options]",
    "",
    "Prints every fact behind the verdict of `digline compare RUN`, one per line, in a closed",
    "vocabulary (regression, improvement, unjudged, figure-worse, ...), then the verdict and",
    "the kinds of fact that forced it. Exits with the same code as compare.",
    "",
    "options:",
    ...GATE_HELP,
    ...COMMON_HELP,
    "",
    ...GATE_EXIT_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "explain",
      options: GATE_OPTIONS,
      positionals: { min: 0, max: 1 },
    });
    if (values.help) {
      io.out(this.help + "\n");
      return 0;
    }
    const result = await compareRun(positionals[0], {
      store: openStore(values),
      suite: values.suite,
      baseline: values.baseline,
    });
    if (values.json) {
      const document = compareOutput(result.comparison, {
        approval: result.approval,
        kind: "explain",
      });
      io.out(JSON.stringify(document, null, 2) + "\n");
    } else {
      io.out(explainLines(result.comparison).join("\n") + "\n");
    }
    return result.comparison.verdict;
  },
};
