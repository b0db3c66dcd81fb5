import { extname } from "node:path";
import { REPORT_FORMATS, type ReportFormat } from "../../core/report/mod.ts";
import { reportDocument, writeReportFile } from "../../host/work/report.ts";
import { UsageError } from "../../host/process/refusals.ts";
import type { ReportInput } from "../commands/report.ts";
import type { Io } from "../io.ts";
import { approvalChangeLine } from "./_gate.ts";
import { redactOption } from "./_redact.ts";
import { openStore, printJson } from "./_shared.ts";

/** The format an --out file's extension implies when --format is not given. */
const EXTENSIONS: Readonly<Record<string, ReportFormat>> = {
  ".md": "md",
  ".markdown": "md",
  ".xml": "junit",
  ".html": "html",
  ".htm": "html",
};

/** What `digline report` does; its declaration is cli/commands/report.ts. */
export async function execute(
  { values, positionals }: ReportInput,
  io: Io,
): Promise<number> {
  const format = reportFormat(values.format, values.out);
  if (values.json && values.out === undefined) {
    throw new UsageError(
      "report: --json prints the comparison's document, so the report needs --out FILE " +
        "(see digline report --help)",
    );
  }
  const { text, verdict, document, approvalChange } = await reportDocument(positionals[0], {
    store: openStore(values),
    suite: values.suite,
    baseline: values.baseline,
    baselineRef: values["baseline-ref"],
    acceptRulesChange: values["accept-rules-change"],
    format,
    redact: redactOption(values.redact, "report"),
  });
  // On stderr, as compare says it: the report itself is the comparison with the ref's approval.
  if (approvalChange !== undefined) io.err(approvalChangeLine(approvalChange) + "\n");
  if (values.out === undefined) {
    io.out(text);
    return verdict;
  }
  await writeReportFile(values.out, text);
  if (values.json) printJson(io, document);
  else io.out(`${document.headline}\nreport (${format}) written to ${values.out}\n`);
  return verdict;
}

/** --format as given, else what --out's extension implies, else Markdown. */
function reportFormat(given: string | undefined, out: string | undefined): ReportFormat {
  if (given !== undefined) {
    const format = REPORT_FORMATS.find((f) => f === given);
    if (format === undefined) {
      throw new UsageError(
        `report: --format ${JSON.stringify(given)}: expected ${REPORT_FORMATS.join(", ")}`,
      );
    }
    return format;
  }
  if (out === undefined) return "md";
  const implied = EXTENSIONS[extname(out).toLowerCase()];
  if (implied === undefined) {
    throw new UsageError(
      `report: --out "${out}" does not say which format to write (.md, .xml or .html): ` +
        "add --format md, junit or html",
    );
  }
  return implied;
}
