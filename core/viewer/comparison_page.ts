import { headline } from "../compare/headline.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { comparedCases } from "../report/facts_by_kind.ts";
import { caseFlips } from "../report/flips.ts";
import { approvalText, factsSection, figuresSection } from "../report/html.ts";
import { caseLinks, flipRow } from "../report/html_flips.ts";
import { PAGE_DIFF_STEPS } from "../report/html_word_diff.ts";
import { historySection } from "../report/html_history.ts";
import type { ReportInput } from "../report/input.ts";
import { counted } from "../report/numbers.ts";
import { redactionNote } from "../run/redact_run.ts";
import type { RunDocument } from "../run/run_document.ts";
import { pageLink, shortTime, sitePage } from "./page_shell.ts";
import type { SitePage } from "./site_paths.ts";
import {
  caseSearchText,
  filterSelect,
  searchAttribute,
  searchBox,
  URL_FILTER_SCRIPT,
} from "./url_filters.ts";

/** The comparison page draws at most this many flipped cases; `digline explain` lists every fact. */
export const FLIP_ROWS = 2_000;

const VERDICT_WORDS = ["NOT WORSE", "WORSE", "COULD NOT BE JUDGED"] as const;

/** What a suite's comparison page shows: the comparison, or why there is none. */
export type ComparisonView =
  | { kind: "compared"; input: ReportInput }
  /** The suite has no approved run yet: nothing to compare against. */
  | { kind: "unapproved"; suite: string; latest: string | null }
  /** compare refused, with its one-line reason. */
  | { kind: "refused"; suite: string; message: string };

/**
 * A suite's latest run against its approval, in the site's own look: compare's verdict and
 * headline, each figure's change ("better" only where significant), the figures over time, the
 * flipped cases with both outputs and the words that changed marked, and every fact. A suite with
 * no approval gets the page too, saying how a person approves a run.
 */
export function comparisonPage(view: ComparisonView): string {
  if (view.kind !== "compared") return notCompared(view);
  const { input } = view;
  const { comparison } = input;
  const at: SitePage = { page: "comparison", suite: comparison.suite };
  const body = [
    `<div class="verdict verdict-${comparison.verdict}"><p class="badge" id="verdict">${
      VERDICT_WORDS[comparison.verdict]
    } · exit ${comparison.verdict}</p>`,
    `<p class="headline" id="headline">${escapeHtml(headline(comparison))}</p></div>`,
    provenance(at, input),
    figuresSection(input),
    historySection(input),
    flipsSection(input),
    factsSection(input),
  ].join("");
  return sitePage({
    at,
    title: `Suite ${comparison.suite}: latest run against its approval`,
    body,
    script: URL_FILTER_SCRIPT,
  });
}

function provenance(at: SitePage, input: ReportInput): string {
  const { comparison } = input;
  const approved = approvalText(input.approval);
  return [
    `<dl class="meta">`,
    `<dt>This run</dt><dd>${runLine(at, input.candidate)}</dd>`,
    `<dt>Baseline</dt><dd>${runLine(at, input.baseline)}; ${approved}</dd>`,
    `<dt>Compared</dt><dd>${counted(comparedCases(comparison.facts).length, "case")}</dd>`,
    `<dt>Outputs</dt><dd>${
      pageLink(
        at,
        { page: "diff", a: comparison.baseline_run, b: comparison.candidate_run },
        "every output that changed, baseline against this run",
      )
    }</dd>`,
    input.redacted === undefined || input.redacted.length === 0
      ? ""
      : `<dt>Redacted</dt><dd id="redacted">${escapeHtml(redactionNote(input.redacted))}</dd>`,
    `</dl>`,
  ].join("");
}

function runLine(at: SitePage, run: RunDocument): string {
  return `${pageLink(at, { page: "run", runId: run.run_id }, run.run_id)} · ${
    escapeHtml(shortTime(run.started_at))
  } UTC · <code>${escapeHtml(run.git_commit?.slice(0, 12) ?? "-")}</code>`;
}

function flipsSection(input: ReportInput): string {
  const flips = caseFlips(input);
  const drawn = flips.slice(0, FLIP_ROWS);
  const heading = `<h2>Flips <small><span data-shown>${drawn.length}</span> of ${
    counted(flips.length, "case")
  } whose checks moved; the baseline on the left, this run on the right</small></h2>`;
  if (flips.length === 0) {
    return `<section id="flips">${heading}<p class="empty">No check changed state.</p></section>`;
  }
  const kinds = [...new Set(flips.flatMap((f) => f.checks.map((c) => c.kind)))];
  const budget = { steps: PAGE_DIFF_STEPS };
  const links = caseLinks(input);
  return [
    `<section id="flips">`,
    heading,
    `<div class="filters" role="group" aria-label="filter the flipped cases">`,
    searchBox({ id: "filter-search", label: "Search", placeholder: "case id or output" }),
    filterSelect({ id: "filter-kind", label: "Kind", name: "kind", field: "kinds" }, kinds),
    `</div>`,
    flips.length > drawn.length
      ? `<p class="note">The first ${drawn.length} are shown; <code>digline explain ${
        escapeHtml(input.comparison.candidate_run)
      }</code> lists every fact.</p>`
      : "",
    `<div class="table-scroll"><table class="flips rows" id="flips-table"><colgroup><col class="case">`,
    `<col class="checks"><col class="output"><col class="output"></colgroup>`,
    `<thead><tr><th scope="col">Case</th><th scope="col">Checks that moved</th>`,
    `<th scope="col">Baseline output</th><th scope="col">This run's output</th></tr></thead><tbody>`,
    ...drawn.map((flip) =>
      flipRow(flip, {
        budget,
        links,
        attributes: ` data-row${
          searchAttribute(caseSearchText({
            caseId: flip.case_id,
            output: flip.baselineOutput,
            otherOutput: flip.candidateOutput,
          }))
        }`,
      })
    ),
    `</tbody></table></div></section>`,
  ].join("");
}

function notCompared(view: Exclude<ComparisonView, { kind: "compared" }>): string {
  const at: SitePage = { page: "comparison", suite: view.suite };
  const body = view.kind === "unapproved"
    ? [
      `<section id="not-compared"><p class="headline" id="headline">No run of suite <code>${
        escapeHtml(view.suite)
      }</code> is approved yet: there is no baseline to compare against.</p>`,
      `<p id="how-to-approve">A person approves a run with <code>digline promote ${
        escapeHtml(view.latest ?? "RUN")
      } --because "…"</code>; this page then shows the latest run against it.</p>`,
      view.latest === null
        ? ""
        : `<p>${
          pageLink(at, { page: "run", runId: view.latest }, `The latest run, ${view.latest}`)
        } · ${pageLink(at, { page: "suite", suite: view.suite }, "every run of the suite")}</p>`,
      `</section>`,
    ].join("")
    : `<section id="not-compared"><p class="headline" id="headline">Not compared: ${
      escapeHtml(view.message)
    }</p><p>${
      pageLink(at, { page: "suite", suite: view.suite }, "every run of the suite")
    }</p></section>`;
  return sitePage({ at, title: `Suite ${view.suite}: latest run against its approval`, body });
}
