import { digline, type StoreWhere } from "../printed_command.ts";
import { lineChart, PALETTE } from "../report/chart.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { counted, formatInterval, formatValue } from "../report/numbers.ts";
import type { RunSynopsis } from "../run/run_synopsis_schema.ts";
import { pageLink, shortTime, sitePage } from "./page_shell.ts";
import { type CaseStrip, type SuiteHistory, UNLISTED_WORDS } from "./site_model.ts";
import { linkTo, type SitePage } from "./site_paths.ts";
import { caseSearchText, searchAttribute, searchBox, URL_FILTER_SCRIPT } from "./url_filters.ts";
import { picker, PICKER_SCRIPT } from "./runs_picker.ts";

/** The runs table lists at most this many of the newest runs. */
export const TABLE_RUNS = 100;
/** The case strips list at most this many cases, those that flip most first. */
export const STRIP_ROWS = 300;

/**
 * A suite's page: each figure over time with approvals and operator decisions marked on the time
 * axis, the runs table, and each case's pass/fail strip across the latest runs, flakiest first.
 */
export function suitePage(
  history: SuiteHistory,
  options: { exported?: boolean; where?: StoreWhere } = {},
): string {
  const at: SitePage = { page: "suite", suite: history.suite };
  const approved = history.approvals.at(-1)?.run_id;
  const latest = history.runs.at(-1)?.run_id;
  return sitePage({
    at,
    title: `Suite ${history.suite}`,
    body: [
      `<p class="note">${counted(history.runCount, "run")} · ${
        approved === undefined
          ? `<span id="unapproved">no run is approved yet: a person approves one with <code>${
            escapeHtml(digline(`promote ${latest ?? "RUN"} --because "…"`, options.where))
          }</code></span>`
          : pageLink(
            at,
            { page: "comparison", suite: history.suite },
            "the latest run against its approval",
          )
      }</p>`,
      chartsSection(history),
      runsSection(history, at, options),
      stripsSection(history, at),
    ].join(""),
    script: PICKER_SCRIPT + URL_FILTER_SCRIPT,
  });
}

function chartsSection(history: SuiteHistory): string {
  const runs = history.runs;
  const names = figureNames(runs, history.primary);
  const heading = `<h2>Figures over time <small>${
    runs.length < history.runCount ? `the latest ${runs.length} of ` : ""
  }${counted(history.runCount, "run")}, oldest on the left</small></h2>`;
  if (runs.length === 0 || names.length === 0) {
    return `<section id="figures">${heading}<p class="empty">No figures to chart.</p></section>`;
  }
  const ids = runs.map((r) => r.run_id);
  const marks = [
    ...history.approvals.map((a) => ({
      index: ids.indexOf(a.run_id),
      label: `approved by ${a.promoted_by}`,
    })),
    ...history.decisions.map((d) => ({
      index: runAt(runs, d.at),
      label: `operator: ${d.classification}${d.escalate ? ", woke someone" : ""}`,
    })),
  ].filter((m) => m.index >= 0);
  const axis = { runIds: ids, times: runs.map((r) => r.started_at), marks };
  const charts = chartGroups(names).map(({ aggregate, figures }) =>
    `<div class="aggregate" data-aggregate="${escapeHtml(aggregate)}"><h3 class="chart-title">${
      escapeHtml(aggregate)
    }</h3>${
      lineChart(
        figures.slice(0, PALETTE.length).map((name) => ({
          name,
          emphasis: name === aggregate,
          values: runs.map((r) => r.figures[name] ?? null),
          intervals: runs.map((r) => r.intervals?.[name] ?? null),
        })),
        axis,
      )
    }</div>`
  );
  const legend = marks.length === 0
    ? ""
    : `<p class="note">Dashed lines mark approvals and operator decisions (${marks.length}); hover a point for its run, value, 95% interval and time.</p>`;
  return `<section id="figures">${heading}${legend}${charts.join("")}</section>`;
}

/** Figures by their aggregate (the name before `[group=…]`), the aggregate's own figure first. */
function chartGroups(names: readonly string[]): { aggregate: string; figures: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const aggregate = name.includes("[") ? name.slice(0, name.indexOf("[")) : name;
    const figures = groups.get(aggregate) ?? [];
    if (name === aggregate) figures.unshift(name);
    else figures.push(name);
    groups.set(aggregate, figures);
  }
  return [...groups].map(([aggregate, figures]) => ({ aggregate, figures }));
}

/** The primary figure first, then the others in the order the newest run lists them. */
function figureNames(runs: readonly RunSynopsis[], primary: string | null): string[] {
  const names: string[] = [];
  for (const run of [...runs].reverse()) {
    for (const name of Object.keys(run.figures)) if (!names.includes(name)) names.push(name);
  }
  return primary !== null && names.includes(primary)
    ? [primary, ...names.filter((n) => n !== primary)]
    : names;
}

/** The index of the last run that started at or before an instant, or -1. */
function runAt(runs: readonly RunSynopsis[], at: string): number {
  let found = -1;
  const when = Date.parse(at);
  runs.forEach((r, i) => {
    if (Date.parse(r.started_at) <= when) found = i;
  });
  return found;
}

function runsSection(
  history: SuiteHistory,
  at: SitePage,
  options: { exported?: boolean; where?: StoreWhere },
): string {
  const approved = new Set(history.approvals.map((a) => a.run_id));
  const current = history.approvals.at(-1)?.run_id;
  const newest = [...history.runs].reverse().slice(0, TABLE_RUNS);
  const figure = history.primary;
  const linked: [string, string][] = [];
  const compareCell = (r: RunSynopsis, i: number): string => {
    const previous = newest[i + 1]?.run_id ??
      history.runs[history.runs.length - newest.length - 1]?.run_id;
    const links: string[] = [];
    if (previous !== undefined) {
      linked.push([previous, r.run_id]);
      links.push(pageLink(at, { page: "diff", a: previous, b: r.run_id }, "previous"));
    }
    if (current !== undefined && current !== r.run_id) {
      linked.push([current, r.run_id]);
      links.push(pageLink(at, { page: "diff", a: current, b: r.run_id }, "approved"));
    }
    return `<td class="compare">${links.join(" · ")}</td>`;
  };
  const rows = newest.map((r, i) =>
    `<tr><td>${pageLink(at, { page: "run", runId: r.run_id }, r.run_id)}${
      r.run_id === current
        ? ` <strong>approved</strong>`
        : approved.has(r.run_id)
        ? " <small>once approved</small>"
        : ""
    }${
      history.unlisted?.has(r.run_id)
        ? ` <small class="unlisted" title="${
          escapeHtml(UNLISTED_WORDS)
        }">not written by this store</small>`
        : ""
    }</td><td class="label">${escapeHtml(r.label ?? "")}</td><td>${
      escapeHtml(shortTime(r.started_at))
    }</td><td><code>${
      escapeHtml(r.git_commit?.slice(0, 12) ?? "-")
    }</code></td><td class="num">${r.cases}</td><td class="num">${r.failed_checks}</td><td class="num">${r.errored_checks.length}</td>${
      figure === null
        ? ""
        : `<td class="num">${formatValue(r.figures[figure] ?? null)}</td>${
          intervalCell(r.intervals?.[figure])
        }`
    }${compareCell(r, i)}</tr>`
  );
  const left = history.runCount - newest.length;
  return [
    `<section id="runs"><h2>Runs <small>newest first</small></h2>`,
    picker(newest, { linked, exported: options.exported === true }),
    `<div class="table-scroll"><table class="rows"><thead><tr>`,
    `<th scope="col">Run</th><th scope="col">Label</th><th scope="col">Started (UTC)</th>`,
    `<th scope="col">Commit</th>`,
    `<th scope="col" class="num">Cases</th><th scope="col" class="num">Failed checks</th>`,
    `<th scope="col" class="num">Errored checks</th>`,
    figure === null
      ? ""
      : `<th scope="col" class="num">${
        escapeHtml(figure)
      }</th><th scope="col" class="num">95% interval</th>`,
    `<th scope="col">Compare with</th></tr></thead><tbody>`,
    ...rows,
    `</tbody></table></div>`,
    left > 0
      ? `<p class="note">${counted(left, "older run")} not shown; <code>${
        escapeHtml(digline(`list --suite ${history.suite} --all`, options.where))
      }</code> lists every one.</p>`
      : "",
    `</section>`,
  ].join("");
}

/** A run's interval of the primary figure; a dash where its index line recorded none. */
function intervalCell(interval: { low: number; high: number } | undefined): string {
  return `<td class="num interval">${
    interval === undefined ? "-" : escapeHtml(formatInterval(interval))
  }</td>`;
}

function stripsSection(history: SuiteHistory, at: SitePage): string {
  const heading = `<h2>Cases across the latest ${
    counted(history.stripRuns, "run")
  } <small>flakiest first; green pass, red fail, amber errored, grey absent</small></h2>`;
  if (history.strips.length === 0) {
    return `<section id="cases">${heading}<p class="empty">No cases.</p></section>`;
  }
  const shown = history.strips.slice(0, STRIP_ROWS);
  const rows = shown.map((s) =>
    `<tr class="strip-row" data-row${
      searchAttribute(caseSearchText({ caseId: s.case_id }))
    } data-case="${escapeHtml(s.case_id)}" data-flips="${s.flips}"><th scope="row"><code>${
      escapeHtml(s.case_id)
    }</code></th><td class="num">${s.flips}</td><td><span class="strip">${
      cells(s, at)
    }</span></td></tr>`
  );
  return [
    `<section id="cases">${heading}<div class="filters" role="group" aria-label="find a case">`,
    searchBox({ id: "filter-case", label: "Case", placeholder: "part of a case id" }),
    ` <small><span data-shown>${shown.length}</span> shown</small></div>`,
    `<div class="table-scroll"><table class="rows"><thead><tr><th scope="col">Case</th>`,
    `<th scope="col" class="num">Flips</th><th scope="col">Oldest → newest</th></tr></thead><tbody>`,
    ...rows,
    `</tbody></table></div>`,
    history.strips.length > shown.length
      ? `<p class="note">${
        counted(history.strips.length - shown.length, "more case")
      } not shown, each flipping no more than the last shown.</p>`
      : "",
    `</section>`,
  ].join("");
}

function cells(strip: CaseStrip, at: SitePage): string {
  return strip.cells.map((c) =>
    `<a class="cell ${c.status}" href="${
      escapeHtml(linkTo(at, { page: "run", runId: c.run_id }))
    }" title="${escapeHtml(`${strip.case_id}: ${c.status} in run ${c.run_id}`)}" aria-label="${
      escapeHtml(`${c.status} in run ${c.run_id}`)
    }"></a>`
  ).join("");
}
