import { z } from "zod";
import { RunListSchema } from "../../core/documents/mod.ts";
import { runListDocument } from "../../host/commands/store_documents.ts";
import { defineTool } from "../tool.ts";
import { openStore, READ_ONLY, SUITE_NAME } from "./_shared.ts";

/** `list`: the stored runs, as `digline list --json`. */
export const listTool = defineTool({
  name: "list",
  title: "List the stored runs",
  description: [
    "The runs in the store, newest first: one row per run with its id, suite, start time, git",
    "commit, case count, errored checks, failed-check count, figures, and is_baseline (true for",
    "the run each suite's approved baseline points at). Use it to find run ids.",
    "document is what `digline list --json` prints. exit_code is 0 whenever the store was read.",
  ].join(" "),
  input: z.strictObject({ suite: SUITE_NAME.optional().describe("only this suite's runs") }),
  document: RunListSchema,
  annotations: READ_ONLY,
  async call(args, context) {
    const document = await runListDocument(openStore(context.store), {
      suite: args.suite,
      kind: "list",
    });
    return { exit_code: 0, document };
  },
});
