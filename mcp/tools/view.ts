import { z } from "zod";
import { RunListSchema, RunSummarySchema } from "../../core/documents/mod.ts";
import { runListDocument, viewRunDocument } from "../../host/work/store_documents.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";
import { defineTool } from "../tool.ts";
import { openStore, READ_ONLY, ROW_LIMIT_INPUT, RUN_REF, SUITE_NAME } from "./_shared.ts";
import { rowLimitOf } from "../../host/work/row_limit.ts";

/** `view`: the runs with their figures, or one run in detail, as `digline view --json`. */
export const viewTool = defineTool({
  name: "view",
  title: "View runs and their figures",
  description: [
    "Without run: the suite's runs, newest first, each with its figures (the suite's aggregates,",
    "such as accuracy or accuracy[group=billing]) as values, to see how a figure moved across",
    `runs (the newest ${DEFAULT_ROW_LIMIT} unless limit or all says otherwise; total counts them all).`,
    "With run: that run's identity (target, commit, digests), its checks grouped as pass,",
    "fail and error (`case · assertion` names) and its figures with their exclusions.",
    "document is what `digline view [RUN] --json` prints. exit_code is 0.",
  ].join(" "),
  input: z.strictObject({
    run: RUN_REF.optional().describe('one run in detail: an id, a unique prefix, or "latest"'),
    suite: SUITE_NAME.optional(),
    ...ROW_LIMIT_INPUT,
  }),
  document: z.union([RunListSchema, RunSummarySchema]),
  annotations: READ_ONLY,
  async call(args, context) {
    const store = openStore(context.store);
    const limit = rowLimitOf(args, "view");
    const document = args.run === undefined
      ? await runListDocument(store, {
        suite: args.suite,
        kind: "view",
        limit,
      })
      : await viewRunDocument(store, { run: args.run, suite: args.suite });
    return { exit_code: 0, document };
  },
});
