import { runSuiteDocument } from "../../host/commands/run_suite_document.ts";
import { parseShardSpec } from "../../core/run/shard_spec.ts";
import type { RunInput } from "../commands/run.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";
import type { Io } from "../io.ts";
import { count, openStore, printJson } from "./_shared.ts";
import { progressLine } from "../progress.ts";
import { figureLines } from "../render_figures.ts";
import { totalsLines } from "../render_totals.ts";

/** What `digline run` does; its declaration is cli/commands/run.ts. */
export async function execute(
  { values, positionals }: RunInput,
  io: Io,
): Promise<number> {
  const shard = values.shard === undefined ? undefined : parseShardSpec(values.shard);
  const store = openStore(values);
  const progress = progressLine(io, { label: "running" });
  const summary = await runSuiteDocument(positionals[0], {
    store,
    resume: values.resume,
    restart: values.restart,
    shard,
    onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    onNote: (note) => io.err(`digline: note: ${note}\n`),
  }).finally(() => progress.finish());
  if (values.json) return printJson(io, summary);
  const c = summary.checks;
  io.out(
    [
      `run ${summary.run_id} of suite ${summary.suite}${
        summary.shard === undefined ? "" : ` (shard ${summary.shard}, a partial run)`
      } stored in ${summary.path}`,
      ...(summary.resumed === undefined || summary.resumed.length === 0 ? [] : [
        `  resumed: ${count(summary.resumed.length, "case")} reused from the interrupted run, ${
          summary.cases.length - summary.resumed.length
        } run now`,
      ]),
      `  ${count(summary.cases.length, "case")}: ${
        count(c.pass.length, "check")
      } passed, ${c.fail.length} failed, ${c.error.length} errored${
        summary.suspended.length > 0 ? `, ${count(summary.suspended.length, "case")} suspended` : ""
      }`,
      ...erroredCauseLines(summary.errored_causes ?? []).map((line) => `    ${line}`),
      // The cost lines matter only when a model was called; `view RUN` always shows the time.
      ...(summary.totals !== undefined && summary.totals.calls > 0
        ? totalsLines(summary.totals)
        : []),
      ...(summary.figures.length > 0 ? ["figures:", ...figureLines(summary.figures)] : []),
      // As `view RUN` says it: the output stored is not byte for byte what the target answered.
      ...(summary.output_notes ?? []).map((note) => `  note       ${note}`),
    ].join("\n") + "\n",
  );
  return 0;
}
