import { z } from "zod";
import { DiffDocumentSchema } from "../../core/documents/mod.ts";
import { diffDocument } from "../../host/work/store_documents.ts";
import { defineTool } from "../tool.ts";
import { openStore, READ_ONLY, RUN_REF } from "./_shared.ts";

/** `diff`: the outputs that changed between two runs, as `digline diff A B --json`. */
export const diffTool = defineTool({
  name: "diff",
  title: "What changed in the outputs",
  description: [
    "The outputs that changed between run a and run b: every case whose output differs, with",
    "its output before and after, the cases found in only one run, and the unchanged ones. Use it",
    "to read what a regression actually looks like.",
    "document is what `digline diff A B --json` prints (every change; the CLI's --limit only",
    "shortens its text). exit_code is 0: a diff is a report, not a gate.",
  ].join(" "),
  input: z.strictObject({
    a: RUN_REF.describe('the earlier run: an id, a unique prefix, or "latest"'),
    b: RUN_REF.describe('the later run: an id, a unique prefix, or "latest"'),
  }),
  document: DiffDocumentSchema,
  annotations: READ_ONLY,
  async call(args, context) {
    return {
      exit_code: 0,
      document: await diffDocument(openStore(context.store), { a: args.a, b: args.b }),
    };
  },
});
