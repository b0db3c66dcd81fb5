import { digline, type StoreWhere } from "../printed_command.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { pageLink, shortTime, sitePage } from "./page_shell.ts";
import type { JournalView } from "./site_model.ts";
import type { SitePage } from "./site_paths.ts";

const AT: SitePage = { page: "journal" };

/** Who approved what and why, and what the operator decided each cycle, newest first. */
export function journalPage(view: JournalView, where?: StoreWhere): string {
  const approvals = [...view.approvals].sort((a, b) => b.promoted_at.localeCompare(a.promoted_at));
  const decisions = [...view.decisions].sort((a, b) => b.at.localeCompare(a.at));
  const approvalRows = approvals.map((a) =>
    `<tr><td>${escapeHtml(shortTime(a.promoted_at))}</td><td>${
      pageLink(AT, { page: "suite", suite: a.suite }, a.suite)
    }</td><td>${pageLink(AT, { page: "run", runId: a.run_id }, a.run_id)}${
      a.runs !== undefined && a.runs.length > 1
        ? ` <small>and ${a.runs.length - 1} more runs</small>`
        : ""
    }</td><td>${escapeHtml(a.promoted_by)}</td><td>${escapeHtml(a.because ?? "")}</td></tr>`
  );
  const decisionRows = decisions.map((d) =>
    `<tr><td>${escapeHtml(shortTime(d.at))}</td><td>${
      pageLink(AT, { page: "suite", suite: d.suite }, d.suite)
    }</td><td>${escapeHtml(d.classification)}</td><td>${
      d.escalate ? "<strong>woke someone</strong>" : "held"
    }</td><td class="num">${d.exit_code}</td><td>${escapeHtml(d.reason)}</td></tr>`
  );
  return sitePage({
    at: AT,
    title: "Approvals and decisions",
    body: [
      `<section id="approvals"><h2>Approvals <small>newest first</small></h2>`,
      approvalRows.length === 0
        ? `<p class="empty">No run has been approved yet: a person runs <code>${
          escapeHtml(digline(`promote RUN --because "…"`, where))
        }</code>.</p>`
        : `<table class="rows"><thead><tr><th scope="col">When (UTC)</th><th scope="col">Suite</th><th scope="col">Run</th><th scope="col">By</th><th scope="col">Because</th></tr></thead><tbody>${
          approvalRows.join("")
        }</tbody></table>`,
      `</section><section id="decisions"><h2>Operator decisions <small>newest first</small></h2>`,
      decisionRows.length === 0
        ? `<p class="empty">The operator has not journaled a decision in this store.</p>`
        : `<table class="rows"><thead><tr><th scope="col">When (UTC)</th><th scope="col">Suite</th><th scope="col">Reading</th><th scope="col">Decision</th><th scope="col" class="num">Exit</th><th scope="col">Reason</th></tr></thead><tbody>${
          decisionRows.join("")
        }</tbody></table>`,
      `</section>`,
    ].join(""),
  });
}
