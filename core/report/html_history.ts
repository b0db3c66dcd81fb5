import { type ChartSeries, lineChart, PALETTE } from "./chart.ts";
import { escapeHtml } from "./escape_html.ts";
import type { HistoryPoint, ReportInput } from "./input.ts";
import { counted } from "./numbers.ts";

/** The chart draws at most this many of the latest runs, so a report reads no more than these. */
export const HISTORY_RUNS = 200;

/**
 * The history section: one chart per aggregate over the suite's runs, the figure over all cases
 * drawn thick and each group thin, the baseline and this run marked.
 */
export function historySection(input: ReportInput): string {
  const runs = input.history.slice(-HISTORY_RUNS);
  const total = Math.max(input.historyTotal ?? 0, input.history.length);
  const heading = `<h2>Figures over time <small>${counted(total, "run")} of suite ${
    escapeHtml(input.comparison.suite)
  }</small></h2>`;
  const aggregates = aggregateNames(runs);
  if (runs.length === 0 || aggregates.length === 0) {
    return `<section id="history">${heading}<p class="empty">No figures to chart.</p></section>`;
  }
  const ids = runs.map((r) => r.run_id);
  const axis = {
    runIds: ids,
    times: runs.map((r) => r.started_at),
    marks: [
      { index: ids.indexOf(input.comparison.baseline_run), label: "baseline" },
      { index: ids.indexOf(input.comparison.candidate_run), label: "this run" },
    ],
  };
  const note = total > runs.length
    ? `<p class="note">The latest ${runs.length} runs, oldest on the left.</p>`
    : `<p class="note">Oldest on the left; hover a point for its run, value and 95% interval.</p>`;
  const charts = aggregates.map((aggregate) => {
    const { series, left } = seriesOf(runs, aggregate);
    const more = left > 0 ? `<p class="note">${counted(left, "more group")} not drawn.</p>` : "";
    return `<div class="aggregate"><h3 class="chart-title">${escapeHtml(aggregate)}</h3>${
      lineChart(series, axis)
    }${more}</div>`;
  });
  return `<section id="history">${heading}${note}${charts.join("")}</section>`;
}

/** Aggregate names in the order the latest run lists them, then any only older runs have. */
function aggregateNames(runs: readonly HistoryPoint[]): string[] {
  const names: string[] = [];
  for (const run of [...runs].reverse()) {
    for (const f of run.figures) if (!names.includes(f.aggregate)) names.push(f.aggregate);
  }
  return names;
}

/** The aggregate's figures as series: over all cases first, then as many groups as colours. */
function seriesOf(
  runs: readonly HistoryPoint[],
  aggregate: string,
): { series: ChartSeries[]; left: number } {
  const names: string[] = [];
  let overall: string | undefined;
  for (const run of runs) {
    for (const f of run.figures) {
      if (f.aggregate !== aggregate || names.includes(f.name)) continue;
      names.push(f.name);
      if (f.group === null) overall = f.name;
    }
  }
  const ordered = overall === undefined ? names : [overall, ...names.filter((n) => n !== overall)];
  const drawn = ordered.slice(0, PALETTE.length);
  const series = drawn.map((name) => ({
    name,
    emphasis: name === overall,
    values: runs.map((run) => run.figures.find((f) => f.name === name)?.value ?? null),
    intervals: runs.map((run) => run.figures.find((f) => f.name === name)?.interval ?? null),
  }));
  return { series, left: ordered.length - drawn.length };
}
