import { OUTPUT_VERSION } from "../../core/output_documents.ts";
import { suiteLog } from "../../host/operations/history.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "../options.ts";

/** `digline log`: a suite's history of runs and promotions. */
export const logCommand: Command = {
  name: "log",
  summary: "a suite's history: runs and promotions in order",
  help: [
    "usage: digline log [--suite NAME] [options]",
    "",
    "Prints the suite's runs and promotions, oldest first. Exits 0 whenever it read the store.",
    "",
    "options:",
    "  --suite NAME    the suite, when the store holds several",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values } = parseCommandArgs(args, {
      command: "log",
      options: { suite: { type: "string" } },
      positionals: { min: 0, max: 0 },
    });
    const { suite, events } = await suiteLog(openStore(values), { suite: values.suite });
    const entries = events.map((e) =>
      e.event === "run"
        ? {
          event: "run" as const,
          at: e.at,
          run_id: e.run.run_id,
          git_commit: e.run.git_commit,
          cases: e.run.cases.length,
          config_hash: e.run.suite.config_hash,
        }
        : {
          event: "promote" as const,
          at: e.at,
          run_id: e.baseline.run_id,
          promoted_by: e.baseline.promoted_by,
          because: e.baseline.because,
        }
    );
    if (values.json) {
      io.out(
        JSON.stringify(
          { output_version: OUTPUT_VERSION, kind: "log", suite: suite ?? null, events: entries },
          null,
          2,
        ) +
          "\n",
      );
      return 0;
    }
    if (entries.length === 0) {
      io.out("no history yet: digline run SUITE stores a run\n");
      return 0;
    }
    io.out(
      entries.map((e) =>
        e.event === "run"
          ? `${e.at}  run      ${e.run_id}  ${e.cases} cases  commit ${e.git_commit ?? "-"}`
          : `${e.at}  promote  ${e.run_id}  by ${e.promoted_by}${e.because ? `: ${e.because}` : ""}`
      ).join("\n") + "\n",
    );
    return 0;
  },
};
