import { factLine } from "../compare/explain_lines.ts";
import { explainCommands } from "./explain_commands.ts";
import { headline } from "../compare/headline.ts";
import type { RunDocument } from "../run/run_document.ts";
import { escapeHtml } from "./escape_html.ts";
import { htmlHead } from "./html_head.ts";
import { comparedCases } from "./facts_by_kind.ts";
import { REPORT_CSS, REPORT_SCRIPT } from "./html_assets.ts";
import { flipsSection } from "./html_flips.ts";
import { shownFigureStatus } from "./figure_status.ts";
import { historySection } from "./html_history.ts";
import type { ReportInput } from "./input.ts";
import { counted, formatDelta, formatInterval, formatValue } from "./numbers.ts";
import { redactionNote } from "../run/redact_run.ts";

const VERDICT_WORDS = ["NOT WORSE", "WORSE", "COULD NOT BE JUDGED"] as const;

/** Facts past this are counted, not listed; explain prints them all. */
const FACT_LIMIT = 5_000;

/**
 * The comparison as one self-contained HTML page (inline CSS, script and SVG; its policy allows
 * no network): the headline, the figures, the flips with both outputs side by side, the suite's
 * figures over time as charts, and every fact. Every string from a run is escaped.
 */
export function renderHtml(input: ReportInput): string {
  const { comparison } = input;
  const verdict = VERDICT_WORDS[comparison.verdict];
  return [
    htmlHead({
      generator: "digline report",
      title: `digline · ${comparison.suite} · ${verdict}`,
      css: REPORT_CSS,
    }),
    `<body><header class="verdict verdict-${comparison.verdict}">`,
    `<p class="badge" id="verdict">${verdict} · exit ${comparison.verdict}</p>`,
    `<h1>Suite ${escapeHtml(comparison.suite)}</h1>`,
    `<p class="headline" id="headline">${escapeHtml(headline(comparison))}</p>`,
    provenance(input),
    `</header><main>`,
    figuresSection(input),
    historySection(input),
    flipsSection(input),
    factsSection(input),
    `</main><footer>Written by digline report from the store; this file makes no network `,
    `request.</footer>`,
    `<script>${REPORT_SCRIPT}</script></body></html>`,
    "",
  ].join("\n");
}

/** Who approved the baseline, when and why, as HTML; a baseline named by hand says so. */
export function approvalText(approval: ReportInput["approval"]): string {
  return approval === null
    ? "named with --baseline"
    : `approved by ${escapeHtml(approval.promoted_by)} on ${
      escapeHtml(approval.promoted_at.slice(0, 10))
    }${approval.because === null ? "" : `: “${escapeHtml(approval.because)}”`}`;
}

function provenance(input: ReportInput): string {
  const { comparison } = input;
  const approved = approvalText(input.approval);
  return [
    `<dl class="meta">`,
    `<dt>This run</dt><dd>${runLine(input.candidate)}</dd>`,
    `<dt>Baseline</dt><dd>${runLine(input.baseline)}; ${approved}</dd>`,
    `<dt>Compared</dt><dd>${counted(comparedCases(comparison.facts).length, "case")}</dd>`,
    input.redacted === undefined || input.redacted.length === 0
      ? ""
      : `<dt>Redacted</dt><dd id="redacted">${escapeHtml(redactionNote(input.redacted))}</dd>`,
    `</dl>`,
  ].join("");
}

function runLine(run: RunDocument): string {
  const commit = run.git_commit === null ? "" : ` · commit ${escapeHtml(run.git_commit)}`;
  return `<code>${escapeHtml(run.run_id)}</code> · ${
    escapeHtml(run.started_at.replace("T", " ").slice(0, 19))
  } UTC · ${escapeHtml(`${run.target.kind}: ${run.target.name}`)}${commit}`;
}

/** The figures table: each figure's change, its interval, and its status ("better" only where significant). */
export function figuresSection(input: Pick<ReportInput, "comparison">): string {
  const figures = input.comparison.figures;
  const gate = {
    alpha: input.comparison.gate.alpha,
    baselineRuns: input.comparison.baseline_runs.length,
  };
  if (figures.length === 0) {
    return `<section id="figures"><h2>Figures</h2><p class="empty">The suite declares no aggregates.</p></section>`;
  }
  const rows = figures.map((f) => {
    const shown = shownFigureStatus(f, gate);
    return `<tr data-figure="${escapeHtml(f.name)}"><td><code>${
      escapeHtml(f.name)
    }</code></td><td class="num">${formatValue(f.baseline)}</td><td class="num">${
      formatValue(f.candidate)
    }</td><td class="num">${formatDelta(f.delta)}</td><td class="num interval">${
      f.interval === null ? "" : formatInterval(f.interval, { change: true })
    }</td><td class="status status-${escapeHtml(shown.status)}">${
      escapeHtml(shown.word)
    }</td></tr>`;
  });
  return [
    `<section id="figures"><h2>Figures</h2><table class="figures"><thead><tr><th>Figure</th>`,
    `<th class="num">Baseline</th><th class="num">This run</th><th class="num">Change</th>`,
    `<th class="num">95% interval of the change</th><th>Status</th></tr></thead><tbody>`,
    ...rows,
    `</tbody></table></section>`,
  ].join("");
}

/** Every fact behind the verdict, folded, as explain prints them. */
export function factsSection(
  input: Pick<ReportInput, "comparison" | "candidate" | "where" | "baselineRef">,
): string {
  const facts = input.comparison.facts;
  const lines = facts.slice(0, FACT_LIMIT).map((f) => `<li>${escapeHtml(factLine(f))}</li>`);
  const cut = facts.length > FACT_LIMIT
    ? `<p class="note">The first ${FACT_LIMIT.toLocaleString("en-US")} are shown; <code>${
      explainCommands(input).map(escapeHtml).join("</code>, then <code>")
    }</code> prints every one.</p>`
    : "";
  return `<section id="facts"><details><summary>${
    counted(facts.length, "fact")
  } behind the verdict, as <code>digline explain</code> prints them</summary>${cut}<ol class="facts">${
    lines.join("")
  }</ol></details></section>`;
}
