import { digline, type StoreWhere } from "../printed_command.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { formatValue } from "../report/numbers.ts";
import { pageLink, shortTime, sitePage } from "./page_shell.ts";
import type { LatestVerdict, SuiteOverview } from "./site_model.ts";
import type { SitePage } from "./site_paths.ts";
import { sparkline } from "./sparkline.ts";

const AT: SitePage = { page: "suites" };
const VERDICT_WORDS = ["not worse", "worse", "could not be judged"] as const;

/** The site's first page: every suite with its approval, latest verdict and primary trend. */
export function suitesPage(suites: readonly SuiteOverview[], where?: StoreWhere): string {
  if (suites.length === 0) {
    return sitePage({
      at: AT,
      title: "Suites",
      body: `<section><p class="empty">No runs in the store yet: <code>${
        escapeHtml(digline("run SUITE", where))
      }</code> stores one.</p></section>`,
    });
  }
  const rows = suites.map((s) => {
    const latest = s.latest === null
      ? "none"
      : `${pageLink(AT, { page: "run", runId: s.latest.run_id }, s.latest.run_id)}<br><small>${
        escapeHtml(shortTime(s.latest.started_at))
      }</small>`;
    const approval = s.approval === null
      ? `<span class="verdict-word refused">none yet</span>`
      : `${
        pageLink(AT, { page: "run", runId: s.approval.run_id }, s.approval.run_id)
      }<br><small>by ${escapeHtml(s.approval.promoted_by)}, ${
        escapeHtml(s.approval.promoted_at.slice(0, 10))
      }</small>`;
    const trend = s.primary === null
      ? ""
      : `${sparkline(s.primary.values, s.primary.name)} <code>${
        escapeHtml(s.primary.name)
      }</code> ${formatValue(s.primary.values.at(-1) ?? null)}`;
    return `<tr><th scope="row">${
      pageLink(AT, { page: "suite", suite: s.suite }, s.suite)
    }</th><td class="num">${s.runCount}</td><td>${approval}</td><td>${latest}</td><td>${
      verdictCell(s, s.verdict)
    }</td><td>${trend}</td></tr>`;
  });
  return sitePage({
    at: AT,
    title: "Suites",
    body: [
      `<section id="suites"><table class="rows"><caption class="note">Each suite's approved baseline, `,
      `its latest run read against it as <code>digline compare</code> would, and its primary figure over `,
      `the latest runs.</caption><thead><tr><th scope="col">Suite</th><th scope="col" class="num">Runs</th>`,
      `<th scope="col">Approved baseline</th><th scope="col">Latest run</th><th scope="col">Latest verdict</th>`,
      `<th scope="col">Primary figure</th></tr></thead><tbody>`,
      ...rows,
      `</tbody></table></section>`,
    ].join(""),
  });
}

/** Short: the verdict and its exit code, the headline or the refusal on the comparison page behind it. */
function verdictCell(suite: SuiteOverview, verdict: LatestVerdict): string {
  const comparison: SitePage = { page: "comparison", suite: suite.suite };
  if (verdict.kind === "none") return "";
  if (suite.approval === null) {
    return `${pageLink(AT, comparison, "no approval yet")}`;
  }
  if (verdict.kind === "refused") {
    return `<span title="${escapeHtml(verdict.message)}">${
      pageLink(AT, comparison, "not compared")
    }<span class="verdict-word refused"> · refused</span></span>`;
  }
  return `<span title="${escapeHtml(verdict.headline)}">${
    pageLink(AT, comparison, VERDICT_WORDS[verdict.verdict])
  }<span class="verdict-word v${verdict.verdict}"> · exit ${verdict.verdict}</span></span>`;
}
