import { promoteDocument } from "../../host/operations/documents.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";

/** `digline promote RUN`: approve a run as its suite's baseline. */
export const promoteCommand: Command = {
  name: "promote",
  summary: "approve a run as its suite's baseline",
  help: [
    "usage: digline promote RUN [--because TEXT] [--by NAME] [options]",
    "",
    "Makes RUN (an id, a unique prefix of one, or `latest`) the approved baseline that",
    "`compare` measures later runs against. Refuses (exit 64) a run with any errored or",
    "unreconciled verdict, or a figure that could not be computed.",
    "",
    "options:",
    "  --because TEXT  why this run is the reference (recorded with the approval)",
    "  --by NAME       who approves (default: git's user.name)",
    "  --suite NAME    the suite, when the store holds several",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "promote",
      options: {
        because: { type: "string" },
        by: { type: "string" },
        suite: { type: "string" },
      },
      positionals: { min: 1, max: 1 },
    });
    const baseline = await promoteDocument(positionals[0], {
      store: openStore(values),
      suite: values.suite,
      because: values.because,
      by: values.by,
    });
    if (values.json) return printJson(io, baseline);
    io.out(
      `promoted run ${baseline.run_id} as the baseline of suite ${baseline.suite}` +
        ` (by ${baseline.promoted_by}${
          baseline.because ? `, because: ${baseline.because}` : ""
        })\n`,
    );
    return 0;
  },
};
