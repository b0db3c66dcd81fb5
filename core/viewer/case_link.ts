import { escapeHtml } from "../report/escape_html.ts";
import { linkTo, type SitePage } from "./site_paths.ts";

/**
 * A link from a page to one case of one run, its id as the text (or `text` when given).
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(
 *   caseLink({ page: "run", runId: "r" }, { runId: "r", caseId: "a<b" }),
 *   `<a href="../case/r/a%3Cb.html"><code>a&lt;b</code></a>`,
 * );
 * ```
 */
export function caseLink(
  from: SitePage,
  to: { runId: string; caseId: string; text?: string },
): string {
  const href = linkTo(from, { page: "case", runId: to.runId, caseId: to.caseId });
  return `<a href="${escapeHtml(href)}"><code>${escapeHtml(to.text ?? to.caseId)}</code></a>`;
}
