/**
 * The reports: one comparison written for people (Markdown for a pull request, a self-contained
 * HTML page) or for CI test tabs (JUnit XML). Pure: the host hands in the runs and writes out
 * the text.
 *
 * @module
 */
import type { ReportInput } from "./input.ts";
import { renderHtml } from "./html.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";

export type { HistoryPoint, ReportInput } from "./input.ts";
export { historyPoints } from "./input.ts";
export { HISTORY_RUNS } from "./html_history.ts";
export { commentSize, GITHUB_COMMENT_LIMIT, renderMarkdown } from "./markdown.ts";
export { renderJunit } from "./junit.ts";
export { renderHtml } from "./html.ts";

/** The formats `digline report --format` writes. */
export const REPORT_FORMATS = ["md", "junit", "html"] as const;
/** One report format. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * Renders a comparison in one format.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok(REPORT_FORMATS.includes("junit"));
 * ```
 */
export function renderReport(input: ReportInput, options: { format: ReportFormat }): string {
  if (options.format === "md") return renderMarkdown(input);
  if (options.format === "junit") return renderJunit(input);
  return renderHtml(input);
}

/** Whether only the HTML report reads the suite's history, so others need not load it. */
export function needsHistory(format: ReportFormat): boolean {
  return format === "html";
}
