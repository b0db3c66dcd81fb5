import type { Command } from "../command.ts";
import { gateComparison, gateHelp } from "../gate_options.ts";
import { printJson } from "../options.ts";
import { figureStatusWord } from "../../core/compare/reading.ts";
import { erroredCauseLines, erroredCauses } from "../../core/run/errored_causes.ts";
import { formatValue, sensitivityLine, table } from "../render_figures.ts";

/** `digline compare [RUN]`: the gate. */
export const compareCommand: Command = {
  name: "compare",
  summary: "gate: is RUN worse than the approved baseline? (exit 0, 1 or 2)",
  help: gateHelp("compare", [
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
  ], {
    optionLines: [
      "  --confirm         draw ambiguous cases again before deciding (costs target calls)",
    ],
  }),
  async execute(args, io) {
    const { json, result, document } = await gateComparison(args, "compare", { io });
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
    const runs = comparison.baseline_runs.length;
    const reading = document.headline;
    const lines = [
      io.color ? colourVerdict(reading, comparison.verdict) : reading,
      "",
      `suite ${comparison.suite}: run ${comparison.candidate_run} against ${against}` +
      (runs > 1 ? `, ${runs} runs` : ""),
    ];
    if (comparison.confirmation !== null) {
      lines.push(`confirmation draws ${comparison.confirmation}`);
    }
    if (comparison.figures.length > 0) {
      lines.push(
        ...table([
          ["  figure", "baseline", "now", "change", "p", ""],
          ...comparison.figures.map((f) => [
            `  ${f.name}${f.role === "primary" ? " *" : ""}`,
            formatValue(f.baseline),
            formatValue(f.candidate),
            f.delta === null ? "" : `${f.delta >= 0 ? "+" : "−"}${Math.abs(f.delta).toFixed(4)}`,
            f.test === null ? "" : formatP(f.test.p_value),
            figureStatusWord(f, runs),
          ]),
        ]),
      );
      lines.push(
        `  * gates at alpha ${comparison.gate.alpha}; the others are reported (corrected together)`,
      );
    }
    const sensitivity = sensitivityLine(comparison.sensitivity);
    if (sensitivity !== undefined) lines.push(sensitivity);
    const { flips } = comparison;
    lines.push(
      `flips among stable checks: ${flips.stable.length} case${
        flips.stable.length === 1 ? "" : "s"
      }; errored: ${flips.errored.length} (counted apart from failures)`,
    );
    lines.push(
      ...erroredCauseLines(erroredCauses(result.candidate.cases)).map((line) => `  ${line}`),
    );
    lines.push("", `exit ${comparison.verdict}; the facts behind it: digline explain`);
    io.out(lines.join("\n") + "\n");
    return comparison.verdict;
  },
};

/** A p-value for a table cell: small ones in scientific notation. */
function formatP(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

const VERDICT_COLOURS = ["\x1b[32m", "\x1b[31m", "\x1b[33m"] as const;

/** Colours the verdict words at the start of the headline: green, red or yellow. */
function colourVerdict(reading: string, verdict: 0 | 1 | 2): string {
  const end = reading.indexOf(":");
  return `\x1b[1m${VERDICT_COLOURS[verdict]}${reading.slice(0, end)}\x1b[0m${reading.slice(end)}`;
}
