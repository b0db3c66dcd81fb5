import { digline, type StoreWhere } from "../printed_command.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { counted } from "../report/numbers.ts";
import { redactionNote } from "../run/redact_run.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import type { Redactable } from "../suite/report_settings.ts";
import { pageLink, shortTime, sitePage } from "./page_shell.ts";
import type { SitePage } from "./site_paths.ts";
import { UNLISTED_WORDS } from "./site_model.ts";
import {
  caseSearchText,
  filterSelect,
  searchAttribute,
  searchBox,
  URL_FILTER_SCRIPT,
} from "./url_filters.ts";
import { caseLink } from "./case_link.ts";
import { reaskedRow, runFactRows } from "./run_facts.ts";

/** The run page lists at most this many cases; `digline view` and `diff` reach the rest. */
export const CASE_LIMIT = 2_000;

/**
 * One run: what it was and every case with its output, its checks' verdicts and reasons, and why
 * a case errored; filterable by check, status and group. The run is redacted before it gets
 * here when the site is.
 */
export function runPage(
  run: RunDocument,
  options: {
    redacted: readonly Redactable[];
    unlisted?: boolean;
    where?: StoreWhere;
    /** The runs this one is compared with on the two-run page: the one before it and the approved one. */
    compareWith?: { previous: string | null; approved: string | null };
  },
): string {
  const at: SitePage = { page: "run", runId: run.run_id };
  const checks = [...new Set(run.cases.flatMap((c) => c.verdicts.map((v) => v.assertion)))];
  const groups = [...new Set(run.cases.flatMap((c) => c.group === undefined ? [] : [c.group]))];
  const shown = run.cases.slice(0, CASE_LIMIT);
  const redactedNote = options.redacted.length === 0
    ? ""
    : `<dt>Redacted</dt><dd id="redacted">${escapeHtml(redactionNote(options.redacted))}</dd>`;
  const body = [
    `<dl class="meta"><dt>Suite</dt><dd>${
      pageLink(at, { page: "suite", suite: run.suite.name }, run.suite.name)
    }</dd><dt>Started</dt><dd>${escapeHtml(shortTime(run.started_at))} UTC</dd>`,
    `<dt>Target</dt><dd>${escapeHtml(`${run.target.kind}: ${run.target.name}`)}</dd>`,
    runFactRows(run),
    reaskedRow(run),
    `<dt>Commit</dt><dd><code>${escapeHtml(run.git_commit ?? "-")}</code></dd>`,
    `<dt>Cases</dt><dd>${counted(run.cases.length, "case")}</dd>${redactedNote}`,
    options.unlisted ? `<dt>Store</dt><dd id="unlisted">${escapeHtml(UNLISTED_WORDS)}</dd>` : "",
    compareLinks(at, options.compareWith),
    `</dl>`,
    `<section id="cases"><h2>Cases <small><span id="cases-shown" data-shown>${shown.length}</span> shown</small></h2>`,
    `<div class="filters" role="group" aria-label="filter the cases">`,
    searchBox({ id: "filter-search", label: "Search", placeholder: "case id, input or output" }),
    filterSelect({ id: "filter-check", label: "Check", name: "check", field: "checks" }, checks),
    filterSelect(
      { id: "filter-status", label: "Status", name: "status", field: "statuses" },
      ["pass", "fail", "error", "none"],
    ),
    filterSelect({ id: "filter-group", label: "Group", name: "group", field: "group" }, groups),
    `</div><table class="rows"><thead><tr><th scope="col">Case</th><th scope="col">Output</th>`,
    `<th scope="col">Checks</th></tr></thead><tbody>`,
    ...shown.map((c) => caseRow(c, at)),
    `</tbody></table>`,
    run.cases.length > shown.length
      ? `<p class="note">The first ${shown.length} cases are shown; <code>${
        escapeHtml(digline(`view ${run.run_id} --json`, options.where))
      }</code> holds every one.</p>`
      : "",
    `</section>`,
  ].join("");
  return sitePage({ at, title: `Run ${run.run_id}`, body, script: URL_FILTER_SCRIPT });
}

/** Links to this run's two-run pages: against the run before it and against the approved run. */
function compareLinks(
  at: SitePage & { page: "run" },
  runs: { previous: string | null; approved: string | null } | undefined,
): string {
  if (runs === undefined) return "";
  const links = [
    runs.previous === null ? "" : pageLink(
      at,
      { page: "diff", a: runs.previous, b: at.runId },
      "against the run before it",
    ),
    runs.approved === null || runs.approved === at.runId ? "" : pageLink(
      at,
      { page: "diff", a: runs.approved, b: at.runId },
      "against the approved run",
    ),
  ].filter((l) => l !== "");
  return links.length === 0
    ? ""
    : `<dt>Compare</dt><dd id="compare-links">${links.join(" · ")}</dd>`;
}

function caseRow(result: CaseResult, at: SitePage & { page: "run" }): string {
  const statuses = result.verdicts.length === 0 ? ["none"] : result.verdicts.map((v) => v.status);
  const pairs = result.verdicts.map((v) => `${v.assertion}=${v.status}`);
  const output = result.output === undefined
    ? result.transport_error === undefined
      ? `<em>no output</em>`
      : `<span class="status-error">no answer: ${escapeHtml(result.transport_error)}</span>`
    : `<pre class="case-output">${escapeHtml(result.output)}</pre>`;
  const verdicts = result.verdicts.length === 0
    ? `<em>${
      result.suspended_reason === undefined
        ? "no verdict"
        : `suspended: ${escapeHtml(result.suspended_reason)}`
    }</em>`
    : `<ul class="plain">${
      result.verdicts.map((v) =>
        `<li><span class="status-${escapeHtml(v.status)}">${escapeHtml(v.status)}</span> <code>${
          escapeHtml(v.assertion)
        }</code>${v.reason === undefined ? "" : `: ${escapeHtml(v.reason)}`}</li>`
      ).join("")
    }</ul>`;
  return `<tr class="case-row" data-row${
    searchAttribute(caseSearchText({
      caseId: result.case_id,
      input: [result.vars === undefined ? "" : JSON.stringify(result.vars), result.prompt ?? ""]
        .join("\n"),
      output: result.output,
    }))
  } data-group="${escapeHtml(result.group ?? "")}" data-statuses="${
    escapeHtml([...new Set(statuses)].join(" "))
  }" data-checks="${escapeHtml(result.verdicts.map((v) => v.assertion).join(" "))}" data-pairs="${
    escapeHtml(pairs.join(" "))
  }"><th scope="row">${caseLink(at, { runId: at.runId, caseId: result.case_id })}${
    result.group === undefined ? "" : `<br><small>${escapeHtml(result.group)}</small>`
  }</th><td>${output}</td><td>${verdicts}</td></tr>`;
}
