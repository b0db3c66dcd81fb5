import { dirname, resolve } from "node:path";
import { z } from "zod";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { resolveNamedRun } from "../../host/work/select_suite.ts";
import { gitStamp } from "../../host/git/git_stamp.ts";
import { runInWorker } from "../run_in_worker.ts";
import { defineTool } from "../tool.ts";
import { UsageError } from "../../host/process/refusals.ts";
import { openStore, refuseUngrantedCommand } from "./_shared.ts";
import { compareOrExplain, GATE_EXIT_CODES, GATE_INPUT } from "./compare_or_explain.ts";

/** `compare`: the gate, as `digline compare --json` (with `confirm`, `--confirm --json`). */
export const compareTool = defineTool({
  name: "compare",
  title: "Gate a run against its approved baseline",
  description: [
    "The gate: did the system get worse than what a person approved? Compares a run (by default",
    "the suite's latest) with the suite's approved baseline, cases by id, checks by assertion and",
    "figures by name. document.headline is the one-line reading, document.causes the facts that",
    `forced a 1 or a 2. ${GATE_EXIT_CODES}`,
    "Call explain before acting on a 1 or a 2. A suite with no approved baseline is refused",
    "(exit_code 64): only a person can approve one, with the CLI.",
    "With confirm, the system is called again where the result is ambiguous (compare --confirm),",
    "within the suite's budget of extra calls; the draws are stored and used by later calls.",
    "document is what `digline compare --json` prints.",
  ].join(" "),
  input: GATE_INPUT.extend({
    confirm: z.boolean().optional().describe(
      "draw again what is ambiguous before deciding (compare --confirm): calls the system, " +
        "at most the suite's [gate] max_extra_calls more times",
    ),
    max_extra_calls: z.number().int().min(0).optional().describe(
      "with confirm: at most this many extra calls, in place of the suite's [gate] " +
        "max_extra_calls (compare --confirm --max-extra-calls N)",
    ),
  }),
  document: CompareDocumentSchema,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async call(args, context) {
    if (args.confirm !== true) {
      if (args.max_extra_calls !== undefined) {
        throw new UsageError(
          "compare: max_extra_calls sets confirm's budget of extra calls; pass confirm: true, or drop it",
        );
      }
      return await compareOrExplain(args, { context, kind: "compare" });
    }
    const run = await resolveNamedRun(openStore(context.store), args.run ?? "latest", {
      suite: args.suite,
    });
    await refuseUngrantedCommand(run.suite.source, {
      tool: "compare",
      granted: context.commands,
      withTheCli: "compare --confirm with the CLI",
    });
    return await runInWorker({
      kind: "confirm",
      request: {
        store: context.store,
        run: args.run,
        suite: args.suite,
        baseline: args.baseline,
        redact: args.redact,
        ...(args.max_extra_calls === undefined ? {} : { maxExtraCalls: args.max_extra_calls }),
        gitCommit: await gitStamp(dirname(resolve(run.suite.source))),
      },
    }, context);
  },
});
