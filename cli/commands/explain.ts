import type { Command } from "../command.ts";
import { gateComparison, gateHelp } from "../gate_options.ts";
import { printJson } from "../options.ts";

/** `digline explain [RUN]`: the facts behind compare's verdict; gates like compare. */
export const explainCommand: Command = {
  name: "explain",
  summary: "the facts behind compare's verdict, one per line (gates like compare)",
  help: gateHelp("explain", [
    "Prints every fact behind the verdict of `digline compare RUN`, one per line, in a closed",
    "vocabulary (regression, improvement, unjudged, figure-worse, ...), then the verdict and",
    "the kinds of fact that forced it. Exits with the same code as compare.",
  ]),
  async execute(args, io) {
    const { json, result, document } = await gateComparison(args, "explain");
    if (json) printJson(io, document);
    else io.out((document.lines ?? []).join("\n") + "\n");
    return result.comparison.verdict;
  },
};
