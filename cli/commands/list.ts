import { runListDocument } from "../../host/commands/documents.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";
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
    const document = await runListDocument(openStore(values), {
      suite: values.suite,
      kind: "list",
    });
    if (values.json) return printJson(io, document);
    if (document.runs.length === 0) {
      io.out("no runs in the store yet: digline run SUITE stores one\n");
      return 0;
    }
    io.out(
      table([
        ["", "run", "suite", "started", "commit", "cases", "errored"],
        ...document.runs.map((r) => [
          r.is_baseline ? "*" : "",
          r.run_id,
          r.suite,
          r.started_at.replace("T", " ").slice(0, 19),
          shortCommit(r.git_commit),
          String(r.cases),
          String(r.errored_checks.length),
        ]),
      ]).join("\n") + "\n",
    );
    return 0;
  },
};

function shortCommit(commit: string | null): string {
  if (commit === null) return "-";
  return commit.slice(0, 8) + (commit.endsWith("-dirty") ? "-dirty" : "");
}
