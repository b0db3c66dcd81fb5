import { z } from "zod";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { runInWorker } from "../run_in_worker.ts";
import { defineTool } from "../tool.ts";
import { resumeOptions, RUN_REF, SUITE_NAME, WRITES_A_RUN } from "./_shared.ts";

/** `rejudge`: grade a stored run's outputs again, as `digline rejudge RUN --json`. */
export const rejudgeTool = defineTool({
  name: "rejudge",
  title: "Grade a stored run again under the suite's current checks",
  description: [
    "Grades the outputs stored in a run again with the checks the suite declares now, and stores",
    "the result as a new run whose rejudged_from names the run it re-graded. Judges (model",
    "checks) are asked, so it can cost model calls; the system under test is never called. A",
    "case the suite no longer has, or whose vars changed, is left out. It is the way out compare",
    "names when a changed judge could not be re-checked on the baseline: rejudge the baseline's",
    "run, then ask a person to promote the run it stores. document is the new run's summary, what",
    "`digline rejudge RUN --json` prints; exit_code is 0 once the run is stored, 2 when a check errored in it. A run made with",
    "repeats is refused (64). When the call carries a progressToken, progress arrives after each",
    "case. Rejudging approves nothing: only a person promotes, with the CLI.",
  ].join(" "),
  input: z.strictObject({
    run: RUN_REF,
    suite: SUITE_NAME.optional(),
    suite_file: z.string().min(1).optional().describe(
      "the suite whose checks grade (default: the run's own suite file); a relative path is " +
        "read from the server's working directory",
    ),
    ...resumeOptions("rejudge", "this run's interrupted re-grade"),
  }),
  document: RunSummarySchema,
  annotations: WRITES_A_RUN,
  // It loads the suite (a code-form suite's checks are code) and writes a run: the run worker's
  // walls hold for it as for `run`.
  call: (args, context) =>
    runInWorker({
      kind: "rejudge",
      run: args.run,
      suite: args.suite,
      suiteFile: args.suite_file,
      store: context.store,
      resume: args.resume ?? false,
      restart: args.restart ?? false,
    }, context),
});
