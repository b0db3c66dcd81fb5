import { OUTPUT_VERSION, runRow, runSummary } from "../../core/output_documents.ts";
import { listRuns } from "../../host/operations/history.ts";
import { selectSuite } from "../../host/operations/select_suite.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "../options.ts";
import { figureLines, formatValue, table } from "../render_figures.ts";

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
    const suite = await selectSuite(store, values.suite);
    if (positionals.length === 1) {
      const run = await store.resolveRun(positionals[0], { suite });
      const summary = runSummary(run, { kind: "view" });
      if (values.json) {
        io.out(JSON.stringify(summary, null, 2) + "\n");
        return 0;
      }
      io.out(
        [
          `run ${run.run_id} of suite ${run.suite.name}`,
          `  target     ${summary.target}`,
          `  commit     ${run.git_commit ?? "-"}`,
          `  started    ${run.started_at}`,
          `  finished   ${run.finished_at}`,
          `  digests    cases ${run.suite.cases_digest}, config ${run.suite.config_hash}`,
          `  checks     ${summary.checks.pass.length} passed, ${summary.checks.fail.length} failed, ${summary.checks.error.length} errored, over ${run.cases.length} cases`,
          ...(summary.checks.error.length > 0
            ? [
              `  errored    ${summary.checks.error.slice(0, 10).join(", ")}${
                summary.checks.error.length > 10 ? ", ..." : ""
              }`,
            ]
            : []),
          "figures:",
          ...figureLines(run.figures),
        ].join("\n") + "\n",
      );
      return 0;
    }
    const { runs, baselines } = await listRuns(store, { suite });
    const rows = runs.map((run) =>
      runRow(run, { isBaseline: baselines.get(run.suite.name)?.run_id === run.run_id })
    );
    if (values.json) {
      io.out(
        JSON.stringify({ output_version: OUTPUT_VERSION, kind: "view", runs: rows }, null, 2) +
          "\n",
      );
      return 0;
    }
    if (rows.length === 0) {
      io.out("no runs in the store yet: digline run SUITE stores one\n");
      return 0;
    }
    const names = [...new Set(rows.flatMap((r) => Object.keys(r.figures)))];
    io.out(
      table([
        ["", "run", "errored", ...names],
        ...rows.map((r) => [
          r.is_baseline ? "*" : "",
          r.run_id,
          String(r.errored_checks.length),
          ...names.map((n) => (n in r.figures ? formatValue(r.figures[n]) : "")),
        ]),
      ]).join("\n") + "\n",
    );
    return 0;
  },
};
