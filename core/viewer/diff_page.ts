import type { DiffDocument } from "../documents/history.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { outputCells } from "../report/html_flips.ts";
import { PAGE_DIFF_STEPS } from "../report/html_word_diff.ts";
import { counted, formatDelta, formatValue } from "../report/numbers.ts";
import { redactionNote } from "../run/redact_run.ts";
import type { RunDocument } from "../run/run_document.ts";
import type { Redactable } from "../suite/report_settings.ts";
import { caseStrips } from "./case_strips.ts";
import { pageLink, shortTime, sitePage } from "./page_shell.ts";
import type { SitePage } from "./site_paths.ts";
import {
  caseSearchText,
  filterSelect,
  searchAttribute,
  searchBox,
  URL_FILTER_SCRIPT,
} from "./url_filters.ts";

/** The two-run page draws at most this many changed cases; `digline diff A B --limit 0` prints all. */
export const DIFF_ROWS = 2_000;
/** Case ids listed under "only in" and "unchanged" before the rest are counted. */
const ID_LIST_LIMIT = 500;

/** What the two-run page draws: `diff --json`'s document and the two runs it was made from. */
export interface RunsDiffView {
  /** The document `digline diff A B --json` prints, redacted as the site is. */
  diff: DiffDocument;
  /** Run A and run B, redacted as the site is: their figures and each case's verdicts. */
  a: RunDocument;
  b: RunDocument;
  /** The suite's approved run, when it has one. */
  approved: string | null;
  redacted: readonly Redactable[];
}

/**
 * Any two runs of a suite: the outputs that changed from A to B, as `digline diff A B` prints
 * them, each with its verdict on both sides and the words that differ marked; the cases only one
 * run holds; and both runs' stored figures. It states what changed; it is not a gate (compare is).
 */
export function diffPage(view: RunsDiffView, options: { exported?: boolean } = {}): string {
  const { diff, a, b } = view;
  const at: SitePage = { page: "diff", a: a.run_id, b: b.run_id };
  const statuses = new Map(
    caseStrips([a, b]).map((s) => [s.case_id, s.cells.map((c) => c.status)]),
  );
  const summary = `${
    counted(diff.changed.length, "output")
  } changed, ${diff.unchanged.length} unchanged${
    diff.only_in_a.length + diff.only_in_b.length > 0
      ? `, ${counted(diff.only_in_a.length, "case")} only in A, ${diff.only_in_b.length} only in B`
      : ""
  }`;
  const body = [
    `<dl class="meta"><dt>Suite</dt><dd>${
      pageLink(at, { page: "suite", suite: b.suite.name }, b.suite.name)
    }</dd>`,
    `<dt>A</dt><dd id="run-a">${runLine(at, a, view.approved)}</dd>`,
    `<dt>B</dt><dd id="run-b">${runLine(at, b, view.approved)}</dd>`,
    // The exported folder holds only the pairs its suite pages link; the swapped one is not one.
    options.exported
      ? ""
      : `<dt>Swap</dt><dd>${
        pageLink(at, { page: "diff", a: b.run_id, b: a.run_id }, "B against A")
      }</dd>`,
    view.redacted.length === 0
      ? ""
      : `<dt>Redacted</dt><dd id="redacted">${escapeHtml(redactionNote(view.redacted))}</dd>`,
    `</dl>`,
    `<p class="headline" id="diff-summary">${escapeHtml(summary)}</p>`,
    `<p class="note">The same facts as <code>digline diff ${escapeHtml(a.run_id)} ${
      escapeHtml(b.run_id)
    }</code>. This page compares two runs; only <code>digline compare</code> says whether a run is worse than its approval.</p>`,
    changesSection(view, statuses),
    figuresSection(a, b),
    idsSection("only-in-a", `Only in A`, diff.only_in_a),
    idsSection("only-in-b", `Only in B`, diff.only_in_b),
    idsSection("unchanged", `Same output in both`, diff.unchanged),
  ].join("");
  return sitePage({
    at,
    title: `Run ${a.run_id} → ${b.run_id}`,
    body,
    script: URL_FILTER_SCRIPT,
  });
}

function runLine(at: SitePage, run: RunDocument, approved: string | null): string {
  return `${pageLink(at, { page: "run", runId: run.run_id }, run.run_id)}${
    run.run_id === approved ? " <strong>approved</strong>" : ""
  } · ${escapeHtml(shortTime(run.started_at))} UTC · <code>${
    escapeHtml(run.git_commit?.slice(0, 12) ?? "-")
  }</code> · ${escapeHtml(`${run.target.kind}: ${run.target.name}`)}`;
}

/** One case's status in a run, as a word a filter can hold. */
type Status = "pass" | "fail" | "error" | "absent";

function changesSection(view: RunsDiffView, statuses: Map<string, Status[]>): string {
  const { diff } = view;
  const heading = `<h2>Outputs that changed <small><span data-shown>${
    Math.min(diff.changed.length, DIFF_ROWS)
  }</span> shown; A on the left, B on the right, the words that differ marked</small></h2>`;
  if (diff.changed.length === 0) {
    return `<section id="changes">${heading}<p class="empty">No output changed.</p></section>`;
  }
  const drawn = diff.changed.slice(0, DIFF_ROWS);
  const budget = { steps: PAGE_DIFF_STEPS };
  const moves = new Set<string>();
  const rows = drawn.map((change) => {
    const [before, after] = statuses.get(change.case_id) ?? ["absent", "absent"];
    const move = before === after ? `still-${after}` : `${before}-to-${after}`;
    moves.add(move);
    return `<tr class="change" data-row data-case="${escapeHtml(change.case_id)}" data-move="${
      escapeHtml(move)
    }"${
      searchAttribute(
        caseSearchText({
          caseId: change.case_id,
          output: change.before,
          otherOutput: change.after,
        }),
      )
    }><td class="case"><code>${escapeHtml(change.case_id)}</code><br><span class="move status-${
      escapeHtml(after)
    }">${escapeHtml(before === after ? `${after}, both` : `${before} → ${after}`)}</span></td>${
      outputCells({ baselineOutput: change.before, candidateOutput: change.after }, { budget })
    }</tr>`;
  });
  const cut = diff.changed.length > drawn.length
    ? `<p class="note">The first ${drawn.length} of ${diff.changed.length} are shown; <code>digline diff ${
      escapeHtml(diff.a)
    } ${escapeHtml(diff.b)} --limit 0</code> prints every one.</p>`
    : "";
  return [
    `<section id="changes">`,
    heading,
    `<div class="filters" role="group" aria-label="filter the changed outputs">`,
    searchBox({ id: "filter-search", label: "Search", placeholder: "case id or output" }),
    filterSelect(
      { id: "filter-move", label: "Verdict", name: "move", field: "move" },
      [...moves].sort(),
    ),
    `</div>`,
    cut,
    `<div class="table-scroll"><table class="flips rows" id="changes-table"><colgroup><col class="case">`,
    `<col class="output"><col class="output"></colgroup><thead><tr><th scope="col">Case</th>`,
    `<th scope="col">A's output</th><th scope="col">B's output</th></tr></thead><tbody>`,
    ...rows,
    `</tbody></table></div></section>`,
  ].join("");
}

function figuresSection(a: RunDocument, b: RunDocument): string {
  const before = new Map(a.figures.map((f) => [f.name, f.value]));
  const names = [...new Set([...b.figures.map((f) => f.name), ...before.keys()])];
  if (names.length === 0) return "";
  const after = new Map(b.figures.map((f) => [f.name, f.value]));
  const rows = names.map((name) => {
    const x = before.get(name) ?? null;
    const y = after.get(name) ?? null;
    return `<tr data-figure="${escapeHtml(name)}"><td><code>${
      escapeHtml(name)
    }</code></td><td class="num">${formatValue(x)}</td><td class="num">${
      formatValue(y)
    }</td><td class="num">${formatDelta(x === null || y === null ? null : y - x)}</td></tr>`;
  });
  return [
    `<section id="figures"><h2>Figures <small>as each run stored them; no test between two single runs</small></h2>`,
    `<div class="table-scroll"><table class="rows"><thead><tr><th scope="col">Figure</th>`,
    `<th scope="col" class="num">A</th><th scope="col" class="num">B</th>`,
    `<th scope="col" class="num">B − A</th></tr></thead><tbody>`,
    ...rows,
    `</tbody></table></div></section>`,
  ].join("");
}

function idsSection(id: string, title: string, ids: readonly string[]): string {
  if (ids.length === 0) return "";
  const shown = ids.slice(0, ID_LIST_LIMIT);
  return `<section id="${id}"><details><summary>${escapeHtml(title)}: ${
    counted(ids.length, "case")
  }</summary><p class="ids">${shown.map((c) => `<code>${escapeHtml(c)}</code>`).join(" ")}${
    ids.length > shown.length ? ` <small>and ${ids.length - shown.length} more</small>` : ""
  }</p></details></section>`;
}
