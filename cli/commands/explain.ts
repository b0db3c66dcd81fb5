import { compareOutput } from "../../core/output_documents.ts";
import { explainLines } from "../../core/reading.ts";
import type { Command } from "../command.ts";
import { gateComparison, gateHelp } from "../gate.ts";

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
    const { json, result } = await gateComparison(args, "explain");
    if (json) {
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
