import { rejudgeDocument } from "../../host/commands/documents.ts";
import { UsageError } from "../../host/refusals.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";
import { progressLine } from "../progress.ts";
import { figureLines } from "../render_figures.ts";

/** `digline rejudge RUN`: grade a stored run's outputs again under the suite's current checks. */
export const rejudgeCommand: Command = {
  name: "rejudge",
  summary: "grade a stored run's outputs again under the suite's current checks",
  help: [
    "usage: digline rejudge RUN [--suite-file FILE] [options]",
    "",
    "Grades the outputs stored in RUN (an id, a unique prefix of one, or `latest`) again with",
    "the checks the suite declares now, and stores the result as a new run that records which",
    "run it re-graded (rejudged_from) and the suite's digests. Judges are asked; the target is",
    "never called. A case the suite no longer has, or whose vars changed, is left out. A",
    "person can then promote the new run, for instance after changing a judge's rubric.",
    "Exits 0 once the new run is stored. Journaled like run: --resume continues it.",
    "",
    "options:",
    "  --suite-file FILE  the suite whose checks grade (default: the run's own suite file)",
    "  --resume           continue this re-grade after an interruption",
    "  --restart          discard the interrupted re-grade and start over",
    "  --suite NAME       the suite, when the store holds several",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "rejudge",
      options: {
        "suite-file": { type: "string" },
        suite: { type: "string" },
        resume: { type: "boolean", default: false },
        restart: { type: "boolean", default: false },
      },
      positionals: { min: 1, max: 1 },
    });
    if (values.resume && values.restart) {
      throw new UsageError("rejudge: --resume and --restart contradict each other; give one");
    }
    const progress = progressLine(io, { label: "rejudging" });
    const summary = await rejudgeDocument(positionals[0], {
      store: openStore(values),
      suite: values.suite,
      suiteFile: values["suite-file"],
      resume: values.resume,
      restart: values.restart,
      onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
      onNote: (note) => io.err(`digline: note: ${note}\n`),
    }).finally(() => progress.finish());
    if (values.json) return printJson(io, summary);
    const c = summary.checks;
    io.out(
      [
        `run ${summary.run_id} of suite ${summary.suite} stored in ${summary.path}`,
        `  re-graded run ${summary.rejudged_from} under cases ${summary.cases_digest}, config ${summary.config_hash}; the target was not called`,
        `  ${summary.cases.length} cases: ${c.pass.length} checks passed, ${c.fail.length} failed, ${c.error.length} errored`,
        ...erroredCauseLines(summary.errored_causes ?? []).map((line) => `    ${line}`),
        ...(summary.figures.length > 0 ? ["figures:", ...figureLines(summary.figures)] : []),
      ].join("\n") + "\n",
    );
    return 0;
  },
};
