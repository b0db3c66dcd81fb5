import type { CompareInput } from "../commands/compare.ts";
import type { Io } from "../io.ts";
import { gateComparison } from "./_gate.ts";
import { gateEverySuite } from "./_gate_every_suite.ts";
import { redactOption } from "./_redact.ts";
import { printJson, wholeNumberOption } from "./_shared.ts";
import { digline } from "../../core/printed_command.ts";
import { UsageError } from "../../host/process/refusals.ts";
import { shownFigureStatus } from "../../core/report/figure_status.ts";
import { formatP } from "../../core/compare/fact_words.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";
import { settingChangesClause } from "../../core/run/target_settings.ts";
import { formatValue, sensitivityLine, table } from "../render_figures.ts";

/** What `digline compare` does; its declaration is cli/commands/compare.ts. */
export async function execute(
  input: CompareInput,
  io: Io,
): Promise<number> {
  const redact = redactOption(input.values.redact, "compare");
  const maxExtraCalls = extraCallsOption(input.values);
  const everySuite = await gateEverySuite(input, { io, redact, maxExtraCalls });
  if (everySuite !== undefined) return everySuite;
  const { result, document } = await gateComparison(input, {
    command: "compare",
    confirm: input.values.confirm,
    maxExtraCalls,
    io,
    redact,
  });
  const { comparison } = result;
  if (input.values.json) {
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
  // What the target was asked with, where it differs from the baseline's run.
  const changed = settingChangesClause(comparison.facts.filter((f) => f.kind === "target-changed"));
  if (changed !== undefined) lines[2] += `; ${changed}`;
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
          shownFigureStatus(f, { alpha: comparison.gate.alpha, baselineRuns: runs }).word,
        ]),
      ]),
    );
    const test = comparison.flip_test;
    lines.push(
      test === null
        ? `  * gates at alpha ${comparison.gate.alpha}; the others are reported (corrected together)`
        : `  * gates at alpha ${
          comparison.gate.alpha - test.alpha
        }, the count of stable flips at ${test.alpha}; the others are reported (corrected together)`,
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
  if (comparison.flip_test !== null) {
    const t = comparison.flip_test;
    lines.push(
      `stable checks failed in ${t.failed} case${t.failed === 1 ? "" : "s"}; ${
        t.expected.toFixed(1)
      } expected from the baseline's history (${t.at_risk} cases at risk), p ${formatP(t.p_value)}`,
    );
  }
  lines.push(
    // The document's causes: under redaction they are named by digests (a reason can quote the output).
    ...erroredCauseLines(document.errored_causes ?? []).map((line) => `  ${line}`),
  );
  // The same comparison, named whole: the run, the baseline it was read against, the store.
  const explain = digline(
    [
      `explain ${comparison.candidate_run}`,
      ...(input.values.baseline === undefined ? [] : [`--baseline ${input.values.baseline}`]),
      ...(input.values["baseline-ref"] === undefined
        ? []
        : [`--baseline-ref ${input.values["baseline-ref"]}`]),
    ].join(" "),
    { tenant: input.values.tenant, store: input.values.store },
  );
  lines.push("", `exit ${comparison.verdict}; the facts behind it: ${explain}`);
  io.out(lines.join("\n") + "\n");
  return comparison.verdict;
}

const VERDICT_COLOURS = ["\x1b[32m", "\x1b[31m", "\x1b[33m"] as const;

/** Colours the verdict words at the start of the headline: green, red or yellow. */
function colourVerdict(reading: string, verdict: 0 | 1 | 2): string {
  const end = reading.indexOf(":");
  return `\x1b[1m${VERDICT_COLOURS[verdict]}${reading.slice(0, end)}\x1b[0m${reading.slice(end)}`;
}

/** `--max-extra-calls N`: a whole number, and only beside `--confirm`, the only mode that calls. */
function extraCallsOption(
  values: { confirm: boolean; "max-extra-calls"?: string },
): number | undefined {
  const text = values["max-extra-calls"];
  if (text === undefined) return undefined;
  if (!values.confirm) {
    throw new UsageError(
      "compare: --max-extra-calls sets --confirm's budget of extra calls; add --confirm, or drop it",
    );
  }
  return wholeNumberOption(text, {
    command: "compare",
    name: "max-extra-calls",
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  });
}
