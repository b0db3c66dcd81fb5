import { extname } from "node:path";
import { REPORT_FORMATS, type ReportFormat } from "../../core/report/mod.ts";
import { reportDocument, writeReportFile } from "../../host/commands/report.ts";
import { UsageError } from "../../host/refusals.ts";
import type { Command } from "../command.ts";
import { GATE_OPTIONS, gateHelp } from "../gate_options.ts";
import { openStore, parseCommandArgs, printJson } from "../options.ts";

const REPORT_OPTIONS = {
  ...GATE_OPTIONS,
  format: { type: "string" },
  out: { type: "string" },
} as const;

/** The format an --out file's extension implies when --format is not given. */
const EXTENSIONS: Readonly<Record<string, ReportFormat>> = {
  ".md": "md",
  ".markdown": "md",
  ".xml": "junit",
  ".html": "html",
  ".htm": "html",
};

/** `digline report [RUN]`: compare, written as Markdown, JUnit XML or HTML; gates like compare. */
export const reportCommand: Command = {
  name: "report",
  summary: "compare, written as Markdown, JUnit XML or HTML (gates like compare)",
  help: gateHelp("report", [
    "Compares RUN (default: the suite's latest run) with the suite's approved baseline, exactly",
    "as `digline compare` does, and writes the comparison as a report: md for a pull-request",
    "comment (fits GitHub's limit; long lists folded), junit for CI test tabs (one testcase per",
    "case · check), or html (one self-contained page: flips with outputs side by side, figures",
    "over time). The report goes to standard output unless --out names a file. Exits with the",
    "same code as compare.",
    "",
    "--out writes where the permission flags allow: the digline task may write only under",
    ".digline/ (e.g. --out .digline/reports/report.html); elsewhere redirect standard output",
    "(> report.html) or run deno with --allow-write=FILE as well.",
  ], {
    optionLines: [
      "  --format FORMAT   md, junit or html (default: from --out's extension, else md)",
      "  --out FILE        write the report to FILE; stdout then gets the headline (or --json)",
    ],
  }),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "report",
      options: REPORT_OPTIONS,
      positionals: { min: 0, max: 1 },
    });
    const format = reportFormat(values.format, values.out);
    if (values.json && values.out === undefined) {
      throw new UsageError(
        "report: --json prints the comparison's document, so the report needs --out FILE " +
          "(see digline report --help)",
      );
    }
    const { text, verdict, document } = await reportDocument(positionals[0], {
      store: openStore(values),
      suite: values.suite,
      baseline: values.baseline,
      baselineRef: values["baseline-ref"],
      format,
    });
    if (values.out === undefined) {
      io.out(text);
      return verdict;
    }
    await writeReportFile(values.out, text);
    if (values.json) printJson(io, document);
    else io.out(`${document.headline}\nreport (${format}) written to ${values.out}\n`);
    return verdict;
  },
};

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
