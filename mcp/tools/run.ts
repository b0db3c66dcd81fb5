import { z } from "zod";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { dirname, resolve } from "node:path";
import { gitStamp } from "../../host/git/git_stamp.ts";
import { runInWorker } from "../run_in_worker.ts";
import { defineTool } from "../tool.ts";
import { refuseUngrantedCommand, resumeOptions, WRITES_A_RUN } from "./_shared.ts";

/** `run`: execute a suite and store the run, as `digline run SUITE --json`. */
export const runTool = defineTool({
  name: "run",
  title: "Run a suite and store the run",
  description: [
    "Runs every case of a suite file against its target (your system) and stores the run. It",
    "calls the system once per case, so it can be slow, and costly when a paid model is behind",
    "the target. Each call reads the suite and the system as they are now, so edits made since",
    "the last call are measured. document is the stored run's summary (run_id, checks as pass,",
    "fail and error, figures), what `digline run SUITE --json` prints. exit_code is 0 once the run",
    "is stored, or 2 when a check errored or got no verdict (the run is stored all the same and",
    "can not be promoted; errored_causes says why): the gate is compare. When the call carries a",
    "progressToken, progress arrives after each case (progress = cases done, total = cases).",
    "A run approves nothing: only a person promotes a baseline, with the CLI. A suite whose",
    "target is a command is refused unless the server was started with --allow-command for its",
    "program.",
  ].join(" "),
  input: z.strictObject({
    suite_file: z.string().min(1).describe(
      "the suite: a .toml file, or a .ts module exporting `suite`; a relative path is read from " +
        "the server's working directory",
    ),
    ...resumeOptions("run", "this suite's interrupted run"),
  }),
  document: RunSummarySchema,
  annotations: WRITES_A_RUN,
  async call(args, context) {
    await refuseUngrantedCommand(args.suite_file, {
      tool: "run",
      granted: context.commands,
      withTheCli: "run the suite with the CLI",
    });
    return await runInWorker({
      kind: "run",
      suiteFile: args.suite_file,
      store: context.store,
      resume: args.resume ?? false,
      restart: args.restart ?? false,
      gitCommit: await gitStamp(dirname(resolve(args.suite_file))),
    }, context);
  },
});
