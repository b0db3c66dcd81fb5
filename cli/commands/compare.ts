import { compareOutput } from "../../core/output_documents.ts";
import { headline } from "../../core/reading.ts";
import { compareRun } from "../../host/operations/compare_run.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "../options.ts";
import { formatValue, table } from "../render_figures.ts";

/** Options shared by the commands that gate: compare, explain and report. */
export const GATE_OPTIONS = {
  suite: { type: "string" },
  baseline: { type: "string" },
} as const;

/** Help lines for the gate options. */
export const GATE_HELP = [
  "  --suite NAME      the suite, when the store holds several",
  "  --baseline RUN    compare against this run instead of the approved baseline",
];

/** The exit codes of a gate, for --help. */
export const GATE_EXIT_HELP = [
  "exit codes: 0 not worse · 1 worse than the baseline · 2 could not be judged ·",
  "            64 refused (bad request, no baseline) · 70 an unanticipated failure",
];

/** `digline compare [RUN]`: the gate. */
export const compareCommand: Command = {
  name: "compare",
  summary: "gate: is RUN worse than the approved baseline? (exit 0, 1 or 2)",
  help: [
    "usage: digline compare [RUN] [options]",
    "",
    "Compares RUN (default: the suite's latest run) with the suite's approved baseline: cases",
    "by id, checks by assertion id, figures by name. Prints the reading and exits with the",
    "verdict.",
    "",
    "options:",
    ...GATE_HELP,
    ...COMMON_HELP,
    "",
    ...GATE_EXIT_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "compare",
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
    const { comparison } = result;
    if (values.json) {
      io.out(
        JSON.stringify(compareOutput(comparison, { approval: result.approval }), null, 2) + "\n",
      );
      return comparison.verdict;
    }
    const against = result.approval === null
      ? `run ${comparison.baseline_run}`
      : `baseline ${comparison.baseline_run} (approved by ${result.approval.promoted_by} on ${
        result.approval.promoted_at.slice(0, 10)
      })`;
    const lines = [
      headline(comparison),
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
