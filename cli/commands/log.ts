import { logDocument } from "../../host/commands/documents.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";

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
    const document = await logDocument(openStore(values), { suite: values.suite });
    if (values.json) return printJson(io, document);
    if (document.events.length === 0) {
      io.out("no history yet: digline run SUITE stores a run\n");
      return 0;
    }
    io.out(
      document.events.map((e) =>
        e.event === "run"
          ? `${e.at}  run      ${e.run_id}  ${e.cases} cases  commit ${e.git_commit ?? "-"}`
          : `${e.at}  promote  ${e.run_id}  by ${e.promoted_by}${e.because ? `: ${e.because}` : ""}`
      ).join("\n") + "\n",
    );
    return 0;
  },
};
