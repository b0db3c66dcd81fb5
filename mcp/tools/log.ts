import { z } from "zod";
import { LogDocumentSchema } from "../../core/documents/mod.ts";
import { logDocument } from "../../host/work/store_documents.ts";
import { rowLimitOf } from "../../host/work/row_limit.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";
import { defineTool } from "../tool.ts";
import { openStore, READ_ONLY, ROW_LIMIT_INPUT, SUITE_NAME } from "./_shared.ts";

/** `log`: a suite's runs and promotions, as `digline log --json`. */
export const logTool = defineTool({
  name: "log",
  title: "A suite's history",
  description: [
    "A suite's history, oldest first: every run (id, commit, cases, config hash) and every",
    "promotion (which run a person approved as the baseline, who, when and why). Use it to learn",
    "what the current baseline is and how it came to be. Gives the last",
    `${DEFAULT_ROW_LIMIT} events unless limit or all says otherwise; total counts them all.`,
    "document is what `digline log --json` prints. exit_code is 0 whenever the store was read.",
  ].join(" "),
  input: z.strictObject({ suite: SUITE_NAME.optional(), ...ROW_LIMIT_INPUT }),
  document: LogDocumentSchema,
  annotations: READ_ONLY,
  async call(args, context) {
    return {
      exit_code: 0,
      document: await logDocument(openStore(context.store), {
        suite: args.suite,
        limit: rowLimitOf(args, "log"),
      }),
    };
  },
});
