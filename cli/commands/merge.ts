import { mergeRunsDocument } from "../../host/commands/documents.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";
import { figureLines } from "../render_figures.ts";

/** How many case ids of a missing shard the text output names before counting the rest. */
const CASES_SHOWN = 10;

/** `digline merge`: reconcile shard runs into one run. */
export const mergeCommand: Command = {
  name: "merge",
  summary: "reconcile the shard runs of a suite (run --shard K/N) into one run",
  help: [
    "usage: digline merge RUN... [options]",
    "       digline merge --suite SUITE --latest-shards [options]",
    "",
    "Makes one ordinary run of the shard runs of a suite (made with run --shard K/N) and",
    "stores it: every case the suite declares gets exactly one result. The cases of a shard",
    "that is not given get errored verdicts marked unreconciled (cause shard-missing), so",
    "compare exits 2 on the merged run, never 0. Shards of another suite digest, of another",
    "shard count, or two shards answering the same case are refused (exit 64).",
    "Exits 0 once the merged run is stored, missing shards or not: the gate is compare.",
    "",
    "options:",
    "  --suite SUITE     the suite file (default: the file the shards were run from)",
    "  --latest-shards   merge the suite's newest set of shards in the store: walking back",
    "                    from its newest shard run, those of the same count, digests and",
    "                    commit, until one differs or a shard number repeats",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "merge",
      options: {
        suite: { type: "string" },
        "latest-shards": { type: "boolean", default: false },
      },
      positionals: { min: 0, max: Infinity },
    });
    const summary = await mergeRunsDocument({
      store: openStore(values),
      runs: positionals,
      suite: values.suite,
      latestShards: values["latest-shards"],
    });
    for (const missing of summary.missing_shards ?? []) {
      const shown = missing.cases.slice(0, CASES_SHOWN).join(", ");
      const more = missing.cases.length - CASES_SHOWN;
      io.err(
        `digline: shard ${missing.shard} is missing: its ${missing.cases.length} cases are unanswered (${shown}${
          more > 0 ? ` and ${more} more` : ""
        }); compare exits 2 until it is merged\n`,
      );
    }
    if (values.json) return printJson(io, summary);
    const c = summary.checks;
    io.out(
      [
        `run ${summary.run_id} of suite ${summary.suite} merged from ${
          summary.merged_from?.length ?? 0
        } shards, stored in ${summary.path}`,
        `  ${summary.cases.length} cases: ${c.pass.length} checks passed, ${c.fail.length} failed, ${c.error.length} errored`,
        ...(summary.figures.length > 0 ? ["figures:", ...figureLines(summary.figures)] : []),
      ].join("\n") + "\n",
    );
    return 0;
  },
};
