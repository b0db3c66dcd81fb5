import { z } from "zod";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { REPORT_FORMATS } from "../../core/report/mod.ts";
import { reportDocument } from "../../host/work/report.ts";
import { defineTool } from "../tool.ts";
import { openStore, READ_ONLY } from "./_shared.ts";
import { GATE_EXIT_CODES, GATE_INPUT } from "./compare_or_explain.ts";

/** `report`: compare, written as Markdown, JUnit XML or HTML, as `digline report`. */
export const reportTool = defineTool({
  name: "report",
  title: "The comparison as a report",
  description: [
    "Compares exactly as compare does and writes the comparison as a report: md (Markdown for a",
    "pull-request comment, the default), junit (JUnit XML for CI test tabs) or html (one",
    "self-contained page). report.text is what `digline report --format FORMAT` prints and comes",
    "first in the content; document is the comparison's document, what `digline report --out",
    `FILE --json\` prints. It gates like compare. ${GATE_EXIT_CODES} It writes no file.`,
  ].join(" "),
  input: GATE_INPUT.extend({
    format: z.enum(REPORT_FORMATS).optional().describe("md (default), junit or html"),
  }),
  document: CompareDocumentSchema,
  report: true,
  annotations: READ_ONLY,
  async call(args, context) {
    const format = args.format ?? "md";
    const { text, verdict, document } = await reportDocument(args.run, {
      store: openStore(context.store),
      suite: args.suite,
      baseline: args.baseline,
      format,
      redact: args.redact,
    });
    return { exit_code: verdict, document, report: { format, text } };
  },
});
