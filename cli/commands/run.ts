import { runSuiteDocument } from "../../host/operations/documents.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";
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
    const summary = await runSuiteDocument(positionals[0], {
      store,
      onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    }).finally(() => progress.finish());
    if (values.json) return printJson(io, summary);
    const c = summary.checks;
    io.out(
      [
        `run ${summary.run_id} of suite ${summary.suite} stored in ${summary.path}`,
        `  ${summary.cases.length} cases: ${c.pass.length} checks passed, ${c.fail.length} failed, ${c.error.length} errored${
          summary.suspended.length > 0 ? `, ${summary.suspended.length} cases suspended` : ""
        }`,
        ...(summary.figures.length > 0 ? ["figures:", ...figureLines(summary.figures)] : []),
      ].join("\n") + "\n",
    );
    return 0;
  },
};
