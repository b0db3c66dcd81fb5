import type { RunSummary } from "../../core/documents/runs.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";
import { figureLines } from "../render_figures.ts";
import { totalsLines } from "../render_totals.ts";
import { runExitCode, unjudgedRunLine } from "../../core/run/run_exit.ts";
import type { Io } from "../io.ts";
import type { StoreWhere } from "../../core/printed_command.ts";
import { count, printJson } from "./_shared.ts";

/**
 * What `run`, `rejudge` and `merge` print once a run is stored, in one wording: the first line
 * names the run (`made` says how, when it was not drawn plainly), `notes` follow it, then its
 * cases and checks, why checks errored, what the models cost and the figures.
 */
export function runSummaryText(
  summary: RunSummary,
  { made = "", notes = [] }: { made?: string; notes?: readonly string[] } = {},
): string {
  const c = summary.checks;
  return [
    `run ${summary.run_id} of suite ${summary.suite}${made} stored in ${summary.path}`,
    ...notes.map((note) => `  ${note}`),
    `  ${count(summary.cases.length, "case")}: ${
      count(c.pass.length, "check")
    } passed, ${c.fail.length} failed, ${c.error.length} errored${
      summary.suspended.length > 0 ? `, ${count(summary.suspended.length, "case")} suspended` : ""
    }`,
    ...erroredCauseLines(summary.errored_causes ?? []).map((line) => `    ${line}`),
    // Said on a passing run too: a judge that often needs a re-ask is one to look at.
    ...((summary.reasked ?? []).length === 0 ? [] : [
      `  ${
        count(summary.reasked!.length, "verdict")
      } needed a judge's re-ask (its first answer was off the format): ${listed(summary.reasked!)}`,
    ]),
    // The cost lines matter only when a model was called; `view RUN` always shows the time.
    ...(summary.totals !== undefined && summary.totals.calls > 0
      ? totalsLines(summary.totals)
      : []),
    ...(summary.figures.length > 0 ? ["figures:", ...figureLines(summary.figures)] : []),
    // As `view RUN` says it: the output stored is not byte for byte what the target answered.
    ...(summary.output_notes ?? []).map((note) => `  note       ${note}`),
  ].join("\n") + "\n";
}

/** The first few names and how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(", ");
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/**
 * Prints a stored run as `run` and `rejudge` answer (the line saying it could not be judged on
 * stderr, then `--json`'s document or the summary) and returns their exit code: 2 when a check
 * errored or got no verdict, else 0.
 */
export function printStoredRun(
  io: Io,
  summary: RunSummary,
  options: { json: boolean; made?: string; notes?: readonly string[]; where: StoreWhere },
): number {
  // A run is stored whatever its verdicts, but one with an unanswered question says so in its
  // exit, so a script that runs without comparing does not read 0 for it.
  const unjudged = unjudgedRunLine(summary, options.where);
  if (unjudged !== undefined) io.err(`${unjudged}\n`);
  if (options.json) printJson(io, summary);
  else io.out(runSummaryText(summary, options));
  return runExitCode(summary);
}
