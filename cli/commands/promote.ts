import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  because: {
    type: "string",
    value: "TEXT",
    help: "why this run is the reference (required; recorded with the approval)",
  },
  by: { type: "string", value: "NAME", help: "who approves (default: git's user.name)" },
  repeats: {
    type: "string",
    value: "K",
    help:
      "run the suite until the baseline holds K runs (measures its noise; K + S with --selection-runs)",
  },
  "selection-runs": {
    type: "string",
    value: "S",
    help: "S runs more (the last S) that only choose what compare --confirm draws again",
  },
  "check-determinism": {
    type: "boolean",
    default: false,
    help: "one run only: draw a sample of its cases again and refuse if any answers differently",
  },
  sample: {
    type: "string",
    value: "N",
    help: "how many cases --check-determinism draws again (default 10)",
  },
  suite: { type: "string", value: "NAME", help: "the suite, when the store holds several" },
} as const satisfies OptionDeclarations;

/** What `digline promote`'s code (cli/actions/promote.ts) receives. */
export type PromoteInput = CommandInput<typeof options>;

/** `digline promote RUN`: approve a run as its suite's baseline. */
export const promoteCommand = defineCommand({
  name: "promote",
  summary: "approve a run as its suite's baseline",
  usage:
    "promote RUN [RUN...] --because TEXT [--repeats K [--selection-runs S] | --check-determinism [--sample N]] [--by NAME] [options]",
  description: [
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
    "--selection-runs S sets S runs apart to choose the noisy cases `compare --confirm` draws",
    "again: with --repeats K the suite runs until there are K + S, and the last S are recorded",
    "as selection runs (with named runs, the last S of them). The figure's test on those draws",
    "leaves them out; every other test counts them. At least 2 runs must be left for the test.",
    "--selection-runs 0 records that no run chooses: --confirm then draws no noisy case again.",
    "Without it, the last 3 runs of 6 or more choose (2 of 4 or 5). For --confirm on diffuse",
    "drops: --repeats 10 --selection-runs 3.",
    "",
    "A baseline of one run measures no noise: every later flip of a check is a regression.",
    "That is right for a deterministic system only; --check-determinism draws a sample of the",
    "run's cases again (--sample N, default 10) and refuses (exit 64), naming the cases, when",
    "any answers differently.",
  ],
  options,
  positionals: { min: 1, max: 1000 },
});
