import { OUTPUT_VERSION, runRow } from "../../core/output_documents.ts";
import { listRuns } from "../../host/operations/history.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "../options.ts";
import { table } from "../render_figures.ts";

/** `digline list`: the stored runs, newest first. */
export const listCommand: Command = {
  name: "list",
  summary: "the runs in the store, newest first",
  help: [
    "usage: digline list [--suite NAME] [options]",
    "",
    "Lists the stored runs, newest first: id, suite, when, commit, case count, and which run",
    "is its suite's approved baseline (*).",
    "",
    "options:",
    "  --suite NAME    only this suite's runs",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values } = parseCommandArgs(args, {
      command: "list",
      options: { suite: { type: "string" } },
      positionals: { min: 0, max: 0 },
    });
    const { runs, baselines } = await listRuns(openStore(values), { suite: values.suite });
    const rows = runs.map((run) =>
      runRow(run, { isBaseline: baselines.get(run.suite.name)?.run_id === run.run_id })
    );
    if (values.json) {
      io.out(
        JSON.stringify({ output_version: OUTPUT_VERSION, kind: "list", runs: rows }, null, 2) +
          "\n",
      );
      return 0;
    }
    if (rows.length === 0) {
      io.out("no runs in the store yet: digline run SUITE stores one\n");
      return 0;
    }
    io.out(
      table([
        ["", "run", "suite", "started", "commit", "cases", "errored"],
        ...rows.map((r) => [
          r.is_baseline ? "*" : "",
          r.run_id,
          r.suite,
          r.started_at.replace("T", " ").slice(0, 19),
          r.git_commit === null
            ? "-"
            : r.git_commit.slice(0, 8) + (r.git_commit.endsWith("-dirty") ? "-dirty" : ""),
          String(r.cases),
          String(r.errored_checks.length),
        ]),
      ]).join("\n") + "\n",
    );
    return 0;
  },
};
