import { runSuiteDocument } from "../../host/commands/documents.ts";
import { UsageError } from "../../host/refusals.ts";
import { parseShardSpec } from "../../core/run/shard.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";
import { progressLine } from "../progress.ts";
import { figureLines } from "../render_figures.ts";
import { totalsLines } from "../render_totals.ts";

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
    "Each finished case is journaled under the store's work/ folder. If a run is killed, run",
    "it again with --resume: journaled cases are reused, not called again.",
    "",
    "options:",
    "  --resume        continue the suite's interrupted run",
    "  --restart       discard the interrupted run's journal and start over",
    "  --shard K/N     run only shard K of N (the cases whose id hashes to K) and store a",
    "                  partial run; `digline merge` makes one run of the N shards",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "run",
      options: {
        resume: { type: "boolean", default: false },
        restart: { type: "boolean", default: false },
        shard: { type: "string" },
      },
      positionals: { min: 1, max: 1 },
    });
    if (values.resume && values.restart) {
      throw new UsageError("run: --resume and --restart contradict each other; give one");
    }
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
          `  resumed: ${summary.resumed.length} cases reused from the interrupted run, ${
            summary.cases.length - summary.resumed.length
          } run now`,
        ]),
        `  ${summary.cases.length} cases: ${c.pass.length} checks passed, ${c.fail.length} failed, ${c.error.length} errored${
          summary.suspended.length > 0 ? `, ${summary.suspended.length} cases suspended` : ""
        }`,
        // The cost lines matter only when a model was called; `view RUN` always shows the time.
        ...(summary.totals !== undefined && summary.totals.calls > 0
          ? totalsLines(summary.totals)
          : []),
        ...(summary.figures.length > 0 ? ["figures:", ...figureLines(summary.figures)] : []),
      ].join("\n") + "\n",
    );
    return 0;
  },
};
