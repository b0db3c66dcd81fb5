import type { Command } from "../command.ts";
import { gateComparison, gateHelp } from "../gate.ts";
import { printJson } from "../options.ts";
import { formatValue, table } from "../render_figures.ts";

/** `digline compare [RUN]`: the gate. */
export const compareCommand: Command = {
  name: "compare",
  summary: "gate: is RUN worse than the approved baseline? (exit 0, 1 or 2)",
  help: gateHelp("compare", [
    "Compares RUN (default: the suite's latest run) with the suite's approved baseline: cases",
    "by id, checks by assertion id, figures by name. Prints the reading and exits with the",
    "verdict.",
  ]),
  async execute(args, io) {
    const { json, result, document } = await gateComparison(args, "compare");
    const { comparison } = result;
    if (json) {
      printJson(io, document);
      return comparison.verdict;
    }
    const against = result.approval === null
      ? `run ${comparison.baseline_run}`
      : `baseline ${comparison.baseline_run} (approved by ${result.approval.promoted_by} on ${
        result.approval.promoted_at.slice(0, 10)
      })`;
    const reading = document.headline;
    const lines = [
      io.color ? colourVerdict(reading, comparison.verdict) : reading,
      "",
      `suite ${comparison.suite}: run ${comparison.candidate_run} against ${against}`,
    ];
    if (comparison.figures.length > 0) {
      lines.push(
        ...table([
          ["  figure", "baseline", "now", "change", ""],
          ...comparison.figures.map((f) => [
            `  ${f.name}`,
            formatValue(f.baseline),
            formatValue(f.candidate),
            f.delta === null ? "" : `${f.delta >= 0 ? "+" : "−"}${Math.abs(f.delta).toFixed(4)}`,
            f.status,
          ]),
        ]),
      );
    }
    lines.push("", `exit ${comparison.verdict}; the facts behind it: digline explain`);
    io.out(lines.join("\n") + "\n");
    return comparison.verdict;
  },
};

const VERDICT_COLOURS = ["\x1b[32m", "\x1b[31m", "\x1b[33m"] as const;

/** Colours the verdict words at the start of the headline: green, red or yellow. */
function colourVerdict(reading: string, verdict: 0 | 1 | 2): string {
  const end = reading.indexOf(":");
  return `\x1b[1m${VERDICT_COLOURS[verdict]}${reading.slice(0, end)}\x1b[0m${reading.slice(end)}`;
}
