import { promoteDocument } from "../../host/commands/documents.ts";
import { UsageError } from "../../host/refusals.ts";
import type { Command } from "../command.ts";
import { progressLine } from "../progress.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";

/** `digline promote RUN`: approve a run as its suite's baseline. */
export const promoteCommand: Command = {
  name: "promote",
  summary: "approve a run as its suite's baseline",
  help: [
    "usage: digline promote RUN [RUN...] --because TEXT [--repeats K] [--by NAME] [options]",
    "",
    "Makes RUN (an id, a unique prefix of one, or `latest`) the approved baseline that",
    "`compare` measures later runs against. Refuses (exit 64) a run with any errored or",
    "unreconciled verdict, a calibration case that got the wrong verdict, or a figure that",
    "could not be computed, and a promotion without --because.",
    "",
    "A baseline made of several runs of the same suite measures its noise: name them all",
    "(the first is the approved one), or give --repeats K to run the suite until there are K.",
    "A check that did not give the same verdict in every one of them is noisy and is judged",
    "through the figures; a figure's drop within its spread across them is within noise.",
    "",
    "options:",
    "  --because TEXT  why this run is the reference (required; recorded with the approval)",
    "  --by NAME       who approves (default: git's user.name)",
    "  --repeats K     run the suite until the baseline holds K runs (measures its noise)",
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
        repeats: { type: "string" },
      },
      positionals: { min: 1, max: 1000 },
    });
    const because = values.because?.trim() ?? "";
    if (because === "") {
      throw new UsageError(
        'promote: --because TEXT is required: say why this run is the reference, e.g. --because "v1.4 reviewed by Ana"',
      );
    }
    const repeats = values.repeats === undefined ? undefined : Number(values.repeats);
    if (repeats !== undefined && !(Number.isInteger(repeats) && repeats >= 1 && repeats <= 100)) {
      throw new UsageError(
        `promote: --repeats takes a whole number from 1 to 100, not "${values.repeats}"`,
      );
    }
    const progress = progressLine(io, { label: "repeating" });
    const baseline = await promoteDocument(positionals[0], {
      with: positionals.slice(1),
      repeats,
      onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
      store: openStore(values),
      suite: values.suite,
      because,
      by: values.by,
    }).finally(() => progress.finish());
    if (values.json) return printJson(io, baseline);
    const measured = baseline.runs === undefined
      ? ""
      : `, measured over ${baseline.runs.length} runs (${baseline.runs.join(", ")})`;
    io.out(
      `promoted run ${baseline.run_id} as the baseline of suite ${baseline.suite}${measured}` +
        ` (by ${baseline.promoted_by}${
          baseline.because ? `, because: ${baseline.because}` : ""
        })\n`,
    );
    return 0;
  },
};
