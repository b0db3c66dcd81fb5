import { runSummary } from "../../core/output_documents.ts";
import { runSuite } from "../../host/operations/run_suite.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "../options.ts";
import { progressLine } from "../progress.ts";
import { figureLines } from "../render_figures.ts";

/** `digline run SUITE`: execute a suite and store the run. */
export const runCommand: Command = {
  name: "run",
  summary: "run a suite against its target and store the run",
  help: [
    "usage: digline run SUITE [options]",
    "",
    "Runs every case of SUITE (a .toml file, or a .ts module exporting `suite`) against its",
    "target, stores the run under the store and prints its id and a summary. Exits 0 once the",
    "run is stored, whatever its verdicts: the gate is `digline compare`.",
    "",
    "options:",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "run",
      options: {},
      positionals: { min: 1, max: 1 },
    });
    const store = openStore(values);
    const progress = progressLine(io, { label: "running" });
    const { run, path } = await runSuite(positionals[0], {
      store,
      onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    }).finally(() => progress.finish());
    const summary = runSummary(run, { kind: "run", path });
    if (values.json) {
      io.out(JSON.stringify(summary, null, 2) + "\n");
      return 0;
    }
    const c = summary.checks;
    io.out(
      [
        `run ${run.run_id} of suite ${run.suite.name} stored in ${path}`,
        `  ${run.cases.length} cases: ${c.pass.length} checks passed, ${c.fail.length} failed, ${c.error.length} errored${
          summary.suspended.length > 0 ? `, ${summary.suspended.length} cases suspended` : ""
        }`,
        ...(run.figures.length > 0 ? ["figures:", ...figureLines(run.figures)] : []),
      ].join("\n") + "\n",
    );
    return 0;
  },
};
