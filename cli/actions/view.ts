import type { RunList, RunSummary } from "../../core/documents/runs.ts";
import { runListDocument, viewRunDocument } from "../../host/work/store_documents.ts";
import type { ViewInput } from "../commands/view.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";
import type { Io } from "../io.ts";
import {
  count,
  leftOutLines,
  openStore,
  printJson,
  rowLimit,
  UNLISTED_MARK,
  unlistedLines,
} from "./_shared.ts";
import { UNLISTED } from "../../host/process/refusals.ts";
import { figureLines, formatValue, sensitivityLine, table } from "../render_figures.ts";
import { totalsLines } from "../render_totals.ts";

/** What `digline view` does; its declaration is cli/commands/view.ts. */
export async function execute(
  { values, positionals }: ViewInput,
  io: Io,
): Promise<number> {
  const store = openStore(values);
  const limit = rowLimit(values, "view", positionals[0]);
  const document = positionals.length === 1
    ? await viewRunDocument(store, { run: positionals[0], suite: values.suite })
    : await runListDocument(store, {
      suite: values.suite,
      kind: "view",
      limit,
    });
  if (values.json) return printJson(io, document);
  io.out(("runs" in document ? runTable(document) : runDetail(document)).join("\n") + "\n");
  return 0;
}

function runTable(document: RunList): string[] {
  if (document.runs.length === 0) return ["no runs in the store yet: digline run SUITE stores one"];
  const names = [...new Set(document.runs.flatMap((r) => Object.keys(r.figures)))];
  const several = new Set(document.runs.map((r) => r.suite)).size > 1;
  return [
    ...table([
      ["", "run", ...(several ? ["suite"] : []), "errored", ...names, ""],
      ...document.runs.map((r) => [
        r.is_baseline ? "*" : "",
        r.run_id,
        ...(several ? [r.suite] : []),
        String(r.errored_checks.length),
        ...names.map((n) => (n in r.figures ? formatValue(r.figures[n]) : "")),
        r.unlisted ? UNLISTED_MARK : "",
      ]),
    ]),
    ...leftOutLines(document.runs.length, { total: document.total, noun: "older run" }),
    ...unlistedLines(document.runs.filter((r) => r.unlisted).length),
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
    ...(summary.unlisted ? [`  store      ${UNLISTED}: never latest, and never promoted`] : []),
    ...(summary.label === undefined ? [] : [`  label      ${summary.label}`]),
    `  target     ${summary.target}`,
    `  commit     ${summary.git_commit ?? "-"}`,
    `  started    ${summary.started_at}`,
    `  finished   ${summary.finished_at}`,
    `  digests    cases ${summary.cases_digest}, config ${summary.config_hash}`,
    `  checks     ${checks.pass.length} passed, ${checks.fail.length} failed, ${checks.error.length} errored, over ${
      count(summary.cases.length, "case")
    }`,
    ...errored,
    ...(summary.retried_from === undefined ? [] : [
      `  retried    ${
        count(summary.retried_from.cases.length, "errored case")
      } of run ${summary.retried_from.run_id} called again (its digest ${summary.retried_from.run_digest}); the rest reused from it`,
    ]),
    ...((summary.reasked ?? []).length === 0 ? [] : [
      `  re-asked   ${
        count(summary.reasked!.length, "verdict")
      } needed a judge's re-ask (its first answer was off the format)`,
    ]),
    ...(summary.output_notes ?? []).map((note) => `  note       ${note}`),
    ...erroredCauseLines(summary.errored_causes ?? []).map((line) => `    ${line}`),
    ...totalsLines(summary.totals),
    ...(summary.figures.length > 0 ? ["figures:", ...figureLines(summary.figures)] : []),
  ];
}
