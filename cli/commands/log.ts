import { logDocument } from "../../host/commands/documents.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, count, openStore, parseCommandArgs, printJson } from "../options.ts";

/** `digline log`: a suite's history of runs and promotions. */
export const logCommand: Command = {
  name: "log",
  summary: "a suite's history: runs and promotions in order",
  help: [
    "usage: digline log [--suite NAME] [options]",
    "",
    "Prints the suite's runs and promotions, oldest first; in a store of several suites and no",
    "--suite, every suite's, each line naming its suite. Exits 0 whenever it read the store.",
    "",
    "options:",
    "  --suite NAME    only this suite's history",
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
    const width = Math.max(0, ...document.events.map((e) => e.suite?.length ?? 0));
    io.out(
      document.events.map((e) => {
        const suite = e.suite === undefined ? "" : `${e.suite.padEnd(width)}  `;
        return e.event === "run"
          ? `${e.at}  ${suite}run      ${e.run_id}  ${count(e.cases.length, "case")}  commit ${
            e.git_commit ?? "-"
          }`
          : `${e.at}  ${suite}promote  ${e.run_id}  by ${e.promoted_by}${
            e.because ? `: ${e.because}` : ""
          }`;
      }).join("\n") + "\n",
    );
    return 0;
  },
};
