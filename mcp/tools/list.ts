import { z } from "zod";
import { RunListSchema } from "../../core/documents/mod.ts";
import { runListDocument } from "../../host/work/store_documents.ts";
import { rowLimitOf } from "../../host/work/row_limit.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";
import { defineTool } from "../tool.ts";
import { openStore, READ_ONLY, ROW_LIMIT_INPUT, SUITE_NAME } from "./_shared.ts";

/** `list`: the stored runs, as `digline list --json`. */
export const listTool = defineTool({
  name: "list",
  title: "List the stored runs",
  description: [
    "The runs in the store, newest first: one row per run with its id, suite, start time, git",
    "commit, case count, errored checks, failed-check count, figures, and is_baseline (true for",
    "the run each suite's approved baseline points at). Use it to find run ids. Gives the newest",
    `${DEFAULT_ROW_LIMIT} unless limit or all says otherwise; total counts them all.`,
    "document is what `digline list --json` prints. exit_code is 0 whenever the store was read.",
  ].join(" "),
  input: z.strictObject({
    suite: SUITE_NAME.optional().describe("only this suite's runs"),
    ...ROW_LIMIT_INPUT,
  }),
  document: RunListSchema,
  annotations: READ_ONLY,
  async call(args, context) {
    const document = await runListDocument(openStore(context.store), {
      suite: args.suite,
      kind: "list",
      limit: rowLimitOf(args, "list"),
    });
    return { exit_code: 0, document };
  },
});
