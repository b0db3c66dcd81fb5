import { escapeHtml } from "./escape_html.ts";
import type { FigureComparison } from "../compare/compare_runs.ts";
import type { Fact } from "../compare/facts.ts";
import { shownFigureStatus } from "./figure_status.ts";
import { explainCommands } from "./explain_commands.ts";
import { headline } from "../compare/headline.ts";
import { comparedCases, factsByKind, SECTION_TITLES } from "./facts_by_kind.ts";
import type { ReportInput } from "./input.ts";
import { mdCode, mdText } from "./markdown_text.ts";
import { counted, formatDelta, formatInterval, formatValue } from "./numbers.ts";
import { redactionNote } from "../run/redact_run.ts";

/** GitHub refuses a comment body longer than this. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** Items each section shows before the rest is folded into a `<details>`. */
const OPEN_ITEMS = 10;

/** The headline is cut past this many characters; its names are already limited to five. */
const HEADLINE_LIMIT = 4_000;

const VERDICT_MARKS = ["✅", "❌", "⚠️"] as const;

/** Figure statuses in the order a cut table keeps them: what forced the verdict first. */
const FIGURE_PRIORITY = ["missing", "uncomputable", "worse", "within-noise", "better", "new"];

/**
 * The comparison as a pull-request comment: the headline, a figures table, then one section per
 * kind of fact naming case · check (never outputs or reasons). Every list is cut evenly, ending
 * with "and N more", until the whole body fits `limit` (GitHub's comment limit by default),
 * measured in UTF-8 bytes with each line end counted as two.
 */
export function renderMarkdown(input: ReportInput, options: { limit?: number } = {}): string {
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  const longest = Math.max(
    input.comparison.figures.length,
    ...factsByKind(input.comparison.facts).map((g) => g.facts.length),
  );
  const whole = renderWithin(input, longest);
  if (commentSize(whole) <= limit) return whole;
  // Each list shows at most `shown` items; the largest `shown` that fits is found by bisection.
  let low = 0;
  let high = longest;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (commentSize(renderWithin(input, middle)) <= limit) low = middle;
    else high = middle - 1;
  }
  return renderWithin(input, low);
}

/**
 * How large a comment body is, counted so it fits whatever GitHub measures: UTF-8 bytes (never
 * fewer than characters), each line end counted twice in case it becomes CRLF.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(commentSize("a\nb"), 4);
 * assertEquals(commentSize("→"), 3);
 * ```
 */
export function commentSize(text: string): number {
  return new TextEncoder().encode(text).length + (text.match(/\n/g)?.length ?? 0);
}

function renderWithin(input: ReportInput, shown: number): string {
  const { comparison } = input;
  const truncated = comparison.figures.length > shown ||
    factsByKind(comparison.facts).some((g) => g.facts.length > shown);
  const lines = [
    `### ${VERDICT_MARKS[comparison.verdict]} digline · suite ${mdCode(comparison.suite)}`,
    "",
    `> ${mdText(clipHeadline(headline(comparison)))}`,
    "",
    provenance(input),
    ...figureTable(comparison.figures, {
      shown,
      runs: comparison.baseline_runs.length,
      alpha: comparison.gate.alpha,
    }),
  ];
  for (const group of factsByKind(comparison.facts)) {
    const title = SECTION_TITLES[group.kind] ?? group.kind;
    lines.push("", `#### ${title} (${group.facts.length.toLocaleString("en-US")})`, "");
    lines.push(...listLines(group.facts.map(item), shown));
  }
  const compared = comparedCases(comparison.facts).length;
  lines.push(
    "",
    `<sub>digline report · ${counted(compared, "case")} compared${
      truncated ? " · lists cut to fit a comment" : ""
    } · every fact: <code>${
      explainCommands(input).map(escapeHtml).join("</code>, then <code>")
    }</code></sub>`,
    "",
  );
  return lines.join("\n");
}

function provenance(input: ReportInput): string {
  const { comparison, approval } = input;
  const against = approval === null
    ? `run ${mdCode(comparison.baseline_run)}`
    : `baseline ${mdCode(comparison.baseline_run)}, approved by ${
      mdText(approval.promoted_by)
    } on ${approval.promoted_at.slice(0, 10)}${
      approval.because === null ? "" : ` (“${mdText(approval.because)}”)`
    }`;
  const redacted = input.redacted === undefined || input.redacted.length === 0
    ? ""
    : ` ${mdText(redactionNote(input.redacted))}.`;
  return `Run ${mdCode(comparison.candidate_run)} against ${against}.${redacted}`;
}

function figureTable(
  figures: readonly FigureComparison[],
  options: { shown: number; runs: number; alpha: number },
): string[] {
  const { shown } = options;
  if (figures.length === 0) return [];
  const kept = new Set(
    [...figures]
      .sort((a, b) => priority(a) - priority(b))
      .slice(0, Math.max(shown, 1)),
  );
  const rows = figures.filter((f) => kept.has(f)).map((f) =>
    `| ${mdCode(f.name, { inTable: true })} | ${formatValue(f.baseline)} | ${
      formatValue(f.candidate)
    } | ${formatDelta(f.delta)} | ${
      f.interval === null ? "—" : formatInterval(f.interval, { change: true })
    } | ${shownFigureStatus(f, { alpha: options.alpha, baselineRuns: options.runs }).word}${
      f.floor > 0 ? ` (floor ${formatValue(f.floor)})` : ""
    } |`
  );
  const rest = figures.length - kept.size;
  if (rest > 0) rows.push(`| and ${rest.toLocaleString("en-US")} more | | | | | |`);
  // A bare "floor 0.3730" told the reader nothing: it is said where it is printed.
  const floorNote = figures.some((f) => kept.has(f) && f.floor > 0)
    ? [
      "",
      "floor: how far a figure may drop, case by case, before the paired test calls the drop " +
      `significant at alpha ${options.alpha} (or the figure's share of it, before correcting ` +
      "across figures); a drop within it is not proven, nor ruled out.",
    ]
    : [];
  return [
    "",
    "| figure | baseline | now | change | 95% interval of the change | status |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...rows,
    ...floorNote,
  ];
}

function priority(figure: FigureComparison): number {
  const index = FIGURE_PRIORITY.indexOf(figure.status);
  return index === -1 ? FIGURE_PRIORITY.length : index;
}

/** A list of at most `shown` items: the first ten open, the rest folded, then how many more. */
function listLines(items: readonly string[], shown: number): string[] {
  const kept = items.slice(0, shown);
  const rest = items.length - kept.length;
  const more = rest > 0 ? [`- and ${rest.toLocaleString("en-US")} more`] : [];
  if (kept.length <= OPEN_ITEMS) {
    return [...kept.map((i) => `- ${i}`), ...more];
  }
  const folded = kept.slice(OPEN_ITEMS);
  return [
    ...kept.slice(0, OPEN_ITEMS).map((i) => `- ${i}`),
    "",
    `<details><summary>${(folded.length + rest).toLocaleString("en-US")} more</summary>`,
    "",
    ...folded.map((i) => `- ${i}`),
    ...more,
    "",
    "</details>",
  ];
}

/** One fact as a list item: names in code spans, and the move when the kind does not imply it. */
function item(fact: Fact): string {
  const move = fact.kind === "regression" || fact.kind === "improvement" ||
      (fact.from === undefined && fact.to === undefined)
    ? ""
    : ` ${mdText(String(fact.from ?? "none"))} → ${mdText(String(fact.to ?? "none"))}`;
  if (fact.case_id !== undefined && fact.assertion !== undefined) {
    return `${mdCode(fact.case_id)} · ${mdCode(fact.assertion)}${move}`;
  }
  const subject = fact.case_id ?? fact.assertion ?? fact.figure;
  return subject === undefined ? move.trim() : `${mdCode(subject)}${move}`;
}

function clipHeadline(text: string): string {
  return text.length <= HEADLINE_LIMIT ? text : `${text.slice(0, HEADLINE_LIMIT - 1)}…`;
}
