import type { CompareDocument } from "../../core/documents/mod.ts";
import {
  HISTORY_RUNS,
  historyPoints,
  needsHistory,
  renderReport,
  type ReportFormat,
  type ReportInput,
} from "../../core/report/mod.ts";
import type { GateVerdict } from "../../core/compare/facts.ts";
import { redactRun } from "../../core/run/redact_run.ts";
import type { Redactable } from "../../core/suite/report_settings.ts";
import { refuseLinkedWrite } from "../files/no_links.ts";
import { scrub } from "../process/secrets.ts";
import { PermissionRefusedError, UsageError } from "../process/refusals.ts";
import type { CompareOptions, CompareResult } from "./compare_run.ts";
import { compareDocument } from "./compare_document.ts";
import { basename, dirname } from "node:path";
import type { RunDocument } from "../../core/run/run_document.ts";
import type { RunStore } from "../store/store.ts";

/** A report and the comparison it was written from. */
export interface ReportResult {
  /** The report itself: Markdown, JUnit XML or HTML. */
  text: string;
  /** The gate's verdict, the same as compare's for the same request. */
  verdict: GateVerdict;
  /** The `compare --json` document of the same comparison. */
  document: CompareDocument;
  /** With --baseline-ref: the approval on disk when it is not the ref's (reported, not used). */
  approvalChange?: CompareResult["approvalChange"];
}

/**
 * Compares a run (default: the suite's latest) with its baseline, as `compare` does, and writes
 * the comparison as a report. Every front end asks here, so the CLI and the MCP tools agree.
 */
export async function reportDocument(
  ref: string | undefined,
  options: CompareOptions & {
    format: ReportFormat;
    redact?: readonly Redactable[];
    /** The viewer's case pages, for the HTML report's flipped cases to link to. */
    caseHref?: (runId: string, caseId: string) => string;
  },
): Promise<ReportResult> {
  const { input, document, result } = await reportInput(ref, {
    ...options,
    history: needsHistory(options.format),
  });
  const text = renderReport(input, { format: options.format });
  return {
    text,
    verdict: result.comparison.verdict,
    document,
    ...(result.approvalChange === undefined ? {} : { approvalChange: result.approvalChange }),
  };
}

/**
 * What a report is drawn from: the comparison compare makes, both runs redacted as asked, and
 * (with `history`) the suite's newest runs for the chart. The viewer's comparison page draws the same.
 */
export async function reportInput(
  ref: string | undefined,
  options: CompareOptions & {
    history: boolean;
    redact?: readonly Redactable[];
    /** The viewer's case pages, for the flipped cases to link to. */
    caseHref?: (runId: string, caseId: string) => string;
  },
): Promise<{ input: ReportInput; document: CompareDocument; result: CompareResult }> {
  const { document, result } = await compareDocument(ref, { ...options, kind: "compare" });
  const suite = result.comparison.suite;
  const redacted = document.redacted ?? [];
  const input: ReportInput = {
    comparison: result.comparison,
    candidate: redactRun(result.candidate, redacted),
    baseline: redactRun(result.baselineRun, redacted),
    approval: result.approval,
    history: options.history ? historyPoints(await newestRuns(options.store, suite)) : [],
    historyTotal: options.history ? await options.store.runCount({ suite }) : 0,
    redacted,
    ...(options.caseHref === undefined ? {} : { caseHref: options.caseHref }),
    where: options.store.where,
    ...(options.baselineRef === undefined ? {} : { baselineRef: options.baselineRef }),
  };
  return { input, document, result };
}

/** The suite's newest runs the store wrote: a run its index does not list is no one's history. */
async function newestRuns(store: RunStore, suite: string): Promise<RunDocument[]> {
  const runs: RunDocument[] = [];
  const { runs: synopses, unlisted } = await store.listing({ suite, newest: HISTORY_RUNS });
  for (const synopsis of synopses) {
    if (unlisted.has(synopsis.run_id)) continue;
    runs.push(await store.readRun({ runId: synopsis.run_id, suite }));
  }
  return runs;
}

/**
 * Writes a report where the user asked (`--out`), through the one scrub, as what is printed goes.
 * Written in place rather than through a temp file, so `--allow-write=FILE` for that one file is
 * enough; a missing folder is created.
 */
export async function writeReportFile(path: string, unscrubbed: string): Promise<void> {
  refuseLinkedWrite(path);
  const text = scrub(unscrubbed);
  try {
    try {
      await Deno.writeTextFile(path, text);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      await Deno.mkdir(dirname(path), { recursive: true });
      await Deno.writeTextFile(path, text);
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) {
      throw new PermissionRefusedError(path, "write", {
        cause: error,
        context: "--out",
        advice: "the command writes only under .digline/: name a file there " +
          `(--out .digline/reports/${basename(path)}) or redirect standard output ` +
          `(> ${path}); under deno run, --allow-write=${path} allows it`,
      });
    }
    // Every other OS failure on a file the user named is the environment's, never digline's.
    if (
      error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.IsADirectory ||
      error instanceof Deno.errors.NotADirectory || error instanceof Deno.errors.NotFound ||
      (error instanceof Error && "code" in error && /^E[A-Z]+$/.test(String(error.code)))
    ) {
      throw new UsageError(
        `Cannot write report "${path}" (--out): ${(error as Error).message.split("\n")[0]}`,
        { cause: error },
      );
    }
    throw error;
  }
}
