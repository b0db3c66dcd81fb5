import { digline } from "../printed_command.ts";
import type { FactKind } from "../compare/facts.ts";
import { escapeHtml } from "./escape_html.ts";
import { SECTION_TITLES } from "./facts_by_kind.ts";
import { type CaseFlip, caseFlips, type CheckFlip } from "./flips.ts";
import type { ReportInput } from "./input.ts";
import { counted } from "./numbers.ts";
import { highlightedPair, PAGE_DIFF_STEPS } from "./html_word_diff.ts";
import type { WorkBudget } from "./word_diff.ts";

/** Outputs longer than this are cut in the page; the store keeps them whole. */
const OUTPUT_LIMIT = 4_000;
const REASON_LIMIT = 600;
/** Rows past this are counted, not drawn, so a page for thousands of flips still opens. */
const ROW_LIMIT = 2_000;

const SHORT_NAMES: Partial<Record<FactKind, string>> = {
  "regression": "Regressions",
  "improvement": "Improvements",
  "unjudged": "Unjudged",
  "canary-moved": "Canaries",
  "calibration-lost": "Calibration",
  "unreconciled": "Unreconciled",
};

/**
 * The flips section: one row per case whose checks moved, naming each check and its move, with
 * the baseline's output and this run's side by side. Outputs and reasons are payload: the HTML
 * report is read by the person who asked for it (ADR 0011).
 */
export function flipsSection(input: ReportInput): string {
  const flips = caseFlips(input);
  const heading = `<h2>Flips <small>${
    counted(flips.length, "case")
  } whose checks moved</small></h2>`;
  if (flips.length === 0) {
    return `<section id="flips">${heading}<p class="empty">No check changed state.</p></section>`;
  }
  const kinds = new Map<FactKind, number>();
  for (const flip of flips) {
    for (const kind of new Set(flip.checks.map((c) => c.kind))) {
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  }
  const drawn = flips.slice(0, ROW_LIMIT);
  const buttons = [
    `<button type="button" data-kind="all" aria-pressed="true">All ${flips.length}</button>`,
    ...[...kinds].map(([kind, n]) =>
      `<button type="button" data-kind="${escapeHtml(kind)}" aria-pressed="false">${
        escapeHtml(SHORT_NAMES[kind] ?? SECTION_TITLES[kind] ?? kind)
      } ${n}</button>`
    ),
  ];
  const cut = flips.length > drawn.length
    ? `<p class="note">The first ${drawn.length} of ${flips.length} cases are shown; ` +
      `<code>${
        escapeHtml(digline(`explain ${input.comparison.candidate_run}`, input.where))
      }</code> lists every fact.</p>`
    : "";
  return [
    `<section id="flips">`,
    heading,
    `<div class="filters" role="toolbar">${buttons.join("")}`,
    `<input type="search" placeholder="Filter by case id" aria-label="Filter by case id"></div>`,
    `<p class="note"><span id="flips-shown">${drawn.length}</span> shown. Baseline run `,
    `<code>${
      escapeHtml(input.comparison.baseline_run)
    }</code> on the left, this run on the right.</p>`,
    cut,
    `<table class="flips" id="flips-table"><colgroup><col class="case"><col class="checks">`,
    `<col class="output"><col class="output"></colgroup>`,
    `<thead><tr><th>Case</th><th>Checks that moved</th><th>Baseline output</th>`,
    `<th>This run's output</th></tr></thead><tbody>`,
    ...rowsOf(drawn, caseLinks(input)),
    `</tbody></table></section>`,
  ].join("");
}

/** The rows of a page's flips, their word diffs sharing one page's budget. */
function rowsOf(flips: readonly CaseFlip[], links: (caseId: string) => string): string[] {
  const budget = { steps: PAGE_DIFF_STEPS };
  return flips.map((flip) => flipRow(flip, { budget, links }));
}

/** The links under a flipped case's id to its page on each side that holds it (the viewer's). */
export function caseLinks(input: ReportInput): (caseId: string) => string {
  const href = input.caseHref;
  if (href === undefined) return () => "";
  const sides = [
    { run: input.baseline, text: "baseline" },
    { run: input.candidate, text: "this run" },
  ].map((side) => ({ ...side, ids: new Set(side.run.cases.map((c) => c.case_id)) }));
  return (caseId) => {
    const links = sides.filter((side) => side.ids.has(caseId)).map((side) =>
      `<a href="${escapeHtml(href(side.run.run_id, caseId))}">${side.text}</a>`
    );
    return links.length === 0 ? "" : `<br><small>${links.join(" · ")}</small>`;
  };
}

/**
 * One flipped case as a row; `attributes` (already escaped) are added to its `<tr>`, `links` puts
 * links under its id, and its word diff spends from the page's `budget`.
 */
export function flipRow(
  flip: CaseFlip,
  options: {
    attributes?: string;
    budget?: WorkBudget;
    links?: (caseId: string) => string;
  } = {},
): string {
  const attributes = options.attributes ?? "";
  const links = options.links ?? (() => "");
  const kinds = [...new Set(flip.checks.map((c) => c.kind))].join(" ");
  return `<tr class="flip"${attributes} data-kinds="${escapeHtml(kinds)}" data-case="${
    escapeHtml(flip.case_id)
  }"><td class="case"><code>${escapeHtml(flip.case_id)}</code>${
    links(flip.case_id)
  }</td><td><ul class="checks">${flip.checks.map(check).join("")}</ul></td>${
    outputCells(flip, { budget: options.budget })
  }</tr>`;
}

/**
 * Both outputs side by side, what differs marked word by word when both sides answered: the
 * words only the baseline gave struck through, those only this run gave underlined.
 */
export function outputCells(
  flip: Pick<
    CaseFlip,
    "baselineOutput" | "candidateOutput" | "baselineError" | "candidateError"
  >,
  options: { budget?: WorkBudget } = {},
): string {
  const before = flip.baselineOutput;
  const after = flip.candidateOutput;
  if (before !== null && after !== null && before !== after) {
    const pair = highlightedPair(before, after, { limit: OUTPUT_LIMIT, budget: options.budget });
    return `<td class="output baseline"><pre>${pair.before}</pre></td><td class="output candidate"><pre>${pair.after}</pre></td>`;
  }
  return `<td class="output baseline">${
    output(before, flip.baselineError)
  }</td><td class="output candidate">${output(after, flip.candidateError)}</td>`;
}

function check(c: CheckFlip): string {
  const reasons = [
    c.baselineReason === undefined
      ? ""
      : `<p class="reason">baseline: ${escapeHtml(clip(c.baselineReason, REASON_LIMIT))}</p>`,
    c.candidateReason === undefined
      ? ""
      : `<p class="reason">this run: ${escapeHtml(clip(c.candidateReason, REASON_LIMIT))}</p>`,
  ].join("");
  return `<li class="kind-${escapeHtml(c.kind)}"><span class="tag">${escapeHtml(c.kind)}</span>${
    escapeHtml(c.assertion)
  } <span class="move">${c.from ?? "none"} → ${c.to ?? "none"}</span>${reasons}</li>`;
}

function output(text: string | null, error: string | undefined): string {
  if (text === null) {
    const why = error === undefined ? "" : `: ${escapeHtml(clip(error, REASON_LIMIT))}`;
    return `<span class="absent">no output${why}</span>`;
  }
  return `<pre>${escapeHtml(clip(text, OUTPUT_LIMIT))}</pre>`;
}

function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}… (${
    (text.length - limit).toLocaleString("en-US")
  } more characters)`;
}
