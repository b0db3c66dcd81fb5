import type { RunList, RunSummary } from "../../core/documents/mod.ts";
import { runListDocument, viewRunDocument } from "../../host/commands/documents.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";
import { figureLines, formatValue, sensitivityLine, table } from "../render_figures.ts";
import { totalsLines } from "../render_totals.ts";

/** `digline view [RUN]`: the runs with their figures as columns, or one run's table. */
export const viewCommand: Command = {
  name: "view",
  summary: "the runs with their figures as columns, or one run in detail",
  help: [
    "usage: digline view [RUN] [--suite NAME] [options]",
    "",
    "Without RUN: every run of the suite, newest first, with each figure as a column.",
    "With RUN: that run's identity, its verdict tallies and its figures with their exclusions.",
    "",
    "options:",
    "  --suite NAME    the suite, when the store holds several",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "view",
      options: { suite: { type: "string" } },
      positionals: { min: 0, max: 1 },
    });
    const store = openStore(values);
    const document = positionals.length === 1
      ? await viewRunDocument(store, { run: positionals[0], suite: values.suite })
      : await runListDocument(store, { suite: values.suite, kind: "view" });
    if (values.json) return printJson(io, document);
    io.out(("runs" in document ? runTable(document) : runDetail(document)).join("\n") + "\n");
    return 0;
  },
};

function runTable(document: RunList): string[] {
  if (document.runs.length === 0) return ["no runs in the store yet: digline run SUITE stores one"];
  const names = [...new Set(document.runs.flatMap((r) => Object.keys(r.figures)))];
  return [
    ...table([
      ["", "run", "errored", ...names],
      ...document.runs.map((r) => [
        r.is_baseline ? "*" : "",
        r.run_id,
        String(r.errored_checks.length),
        ...names.map((n) => (n in r.figures ? formatValue(r.figures[n]) : "")),
      ]),
    ]),
    ...baselineLines(document.baseline),
  ];
}

/** The baseline `*` marks: how many runs measured it, and the smallest drop it can detect. */
function baselineLines(baseline: RunList["baseline"]): string[] {
  if (baseline === undefined || baseline === null) return [];
  const runs = baseline.runs.length;
  const line = sensitivityLine(baseline.min_detectable_drop);
  return [
    "",
    `* baseline ${baseline.run_id}, measured over ${runs} run${runs === 1 ? "" : "s"}`,
    ...(line === undefined ? [] : [line]),
  ];
}

function runDetail(summary: RunSummary): string[] {
  const { checks } = summary;
  const errored = checks.error.length > 0
    ? [
      `  errored    ${checks.error.slice(0, 10).join(", ")}${
        checks.error.length > 10 ? ", ..." : ""
      }`,
    ]
    : [];
  return [
    `run ${summary.run_id} of suite ${summary.suite}`,
    `  target     ${summary.target}`,
    `  commit     ${summary.git_commit ?? "-"}`,
    `  started    ${summary.started_at}`,
    `  finished   ${summary.finished_at}`,
    `  digests    cases ${summary.cases_digest}, config ${summary.config_hash}`,
    `  checks     ${checks.pass.length} passed, ${checks.fail.length} failed, ${checks.error.length} errored, over ${summary.cases.length} cases`,
    ...errored,
    ...erroredCauseLines(summary.errored_causes ?? []).map((line) => `    ${line}`),
    ...totalsLines(summary.totals),
    "figures:",
    ...figureLines(summary.figures),
  ];
}
