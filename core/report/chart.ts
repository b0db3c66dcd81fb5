import { escapeHtml } from "./escape_html.ts";
import { formatInterval } from "./numbers.ts";

// Drawn by hand as inline SVG (ADR 0010): the page must work from a file with no network, and
// the chart libraries on npm either draw into a live DOM or are larger than the rest of digline.

/** One line of a chart: a value per run, null where the run has none. */
export interface ChartSeries {
  name: string;
  values: readonly (number | null)[];
  /** Drawn thicker: the figure over all cases rather than one group. */
  emphasis?: boolean;
  /**
   * Each value's 95% interval, named in its point's tooltip; null where the run recorded none.
   * Absent: the tooltips name no interval.
   */
  intervals?: readonly ({ low: number; high: number } | null)[];
}

/** The runs along the x axis and the runs worth marking. */
export interface ChartAxis {
  runIds: readonly string[];
  /** ISO start times, one per run. */
  times: readonly string[];
  /** Vertical marks: the baseline and the candidate run, by index. */
  marks: readonly { index: number; label: string }[];
}

const WIDTH = 960;
const HEIGHT = 280;
const LEFT = 52;
const RIGHT = 20;
const TOP = 22;
const BOTTOM = 40;
const X_LABELS = 6;

/** Colours that stay apart for the common kinds of colour blindness, on light and dark pages. */
export const PALETTE = [
  "#2563eb",
  "#d97706",
  "#059669",
  "#db2777",
  "#7c3aed",
  "#0891b2",
  "#65a30d",
  "#dc2626",
  "#475569",
  "#a16207",
] as const;

/**
 * A line chart of figures over runs as inline SVG and an HTML legend: one path per series, one
 * circle per value (its tooltip names the run), dashed marks for the baseline and this run.
 */
export function lineChart(series: readonly ChartSeries[], axis: ChartAxis): string {
  const n = axis.runIds.length;
  const values = series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  const [low, high] = domain(values);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (i: number) => round(LEFT + (n <= 1 ? plotWidth / 2 : (i * plotWidth) / (n - 1)));
  const y = (v: number) => round(TOP + plotHeight - ((v - low) / (high - low)) * plotHeight);

  const parts: string[] = [];
  for (let t = 0; t <= 4; t++) {
    const v = low + ((high - low) * t) / 4;
    parts.push(
      `<line class="grid" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(v)}" y2="${y(v)}"/>`,
      `<text class="tick" x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end">${
        tick(v, high - low)
      }</text>`,
    );
  }
  const labelled = labelIndices(n);
  const labels = timeLabels(labelled.map((i) => axis.times[i] ?? ""));
  labelled.forEach((i, k) => {
    const anchor = n > 1 && i === 0 ? "start" : n > 1 && i === n - 1 ? "end" : "middle";
    parts.push(
      `<text class="tick" x="${x(i)}" y="${HEIGHT - BOTTOM + 18}" text-anchor="${anchor}">${
        escapeHtml(labels[k])
      }</text>`,
    );
  });
  for (const mark of placedMarks(axis.marks, { n, x })) {
    parts.push(
      `<line class="mark" x1="${mark.x}" x2="${mark.x}" y1="${TOP}" y2="${HEIGHT - BOTTOM}"/>`,
      `<text class="mark-label" x="${mark.x}" y="${mark.y}" text-anchor="${mark.anchor}">${
        escapeHtml(mark.label)
      }</text>`,
    );
  }
  series.forEach((s, k) => {
    const colour = PALETTE[k % PALETTE.length];
    let d = "";
    let pen = "M";
    s.values.forEach((v, i) => {
      if (v === null) {
        pen = "M";
        return;
      }
      d += `${pen}${x(i)} ${y(v)} `;
      pen = "L";
    });
    if (d !== "") {
      parts.push(
        `<path class="series${s.emphasis ? " emphasis" : ""}" d="${d.trim()}" stroke="${colour}"/>`,
      );
    }
    s.values.forEach((v, i) => {
      if (v === null) return;
      parts.push(
        `<circle class="point" cx="${x(i)}" cy="${y(v)}" r="${
          s.emphasis ? 3.5 : 2.5
        }" fill="${colour}"><title>${
          escapeHtml(
            `${s.name} ${v.toFixed(4)}${intervalNote(s, i)} · run ${axis.runIds[i]} · ${
              axis.times[i]
            }`,
          )
        }</title></circle>`,
      );
    });
  });
  const legend = series.map((s, k) =>
    `<li><span class="swatch" style="background:${PALETTE[k % PALETTE.length]}"></span>${
      escapeHtml(s.name)
    }</li>`
  ).join("");
  return `<figure class="chart"><svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${
    escapeHtml(series.map((s) => s.name).join(", "))
  } over ${n} runs">${parts.join("")}</svg><ul class="legend">${legend}</ul></figure>`;
}

/** A mark label's width in the chart's units, estimated: 11px text averages under 6.5 units a letter. */
const LETTER = 6.5;

/**
 * The marks as drawn: those on one run share one line and one label ("baseline · this run" when
 * the latest run is the baseline), a label near an edge is anchored to stay inside the chart, and
 * a label that would overlap the one before it on its row drops to the next row.
 */
function placedMarks(
  marks: ChartAxis["marks"],
  chart: { n: number; x: (i: number) => number },
): { x: number; y: number; anchor: string; label: string }[] {
  const byIndex = new Map<number, string[]>();
  for (const mark of marks) {
    if (mark.index < 0 || mark.index >= chart.n) continue;
    const labels = byIndex.get(mark.index) ?? [];
    if (!labels.includes(mark.label)) labels.push(mark.label);
    byIndex.set(mark.index, labels);
  }
  const rowEnds: number[] = [];
  return [...byIndex].sort(([a], [b]) => a - b).map(([index, labels]) => {
    const label = labels.join(" · ");
    const x = chart.x(index);
    const width = label.length * LETTER;
    const anchor = x + width / 2 > WIDTH ? "end" : x - width / 2 < 0 ? "start" : "middle";
    const left = anchor === "end" ? x - width : anchor === "start" ? x : x - width / 2;
    let row = rowEnds.findIndex((end) => end + 8 <= left);
    if (row < 0) row = rowEnds.length;
    rowEnds[row] = left + width;
    return { x, y: TOP - 8 + row * 13, anchor, label };
  });
}

/** What a point's tooltip says of its interval. */
function intervalNote(series: ChartSeries, index: number): string {
  if (series.intervals === undefined) return "";
  const interval = series.intervals[index] ?? null;
  return interval === null
    ? " · no interval recorded"
    : ` · 95% interval ${formatInterval(interval)}`;
}

/**
 * The values' range, padded, so a move of a hundredth is visible; never beyond [0, 1] when
 * every value is a proportion, and never narrower than a few hundredths of the scale.
 */
function domain(values: readonly number[]): [number, number] {
  if (values.length === 0) return [0, 1];
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const proportions = min >= 0 && max <= 1;
  const scale = proportions ? 1 : Math.max(Math.abs(min), Math.abs(max), 1);
  const pad = Math.max((max - min) * 0.15, scale * 0.02);
  const low = min - pad;
  const high = max + pad;
  return proportions ? [Math.max(0, low), Math.min(1, high)] : [low, high];
}

/** At most six evenly spread run indices to label, always the first and the last. */
function labelIndices(n: number): number[] {
  if (n <= X_LABELS) return [...Array(n).keys()];
  const step = (n - 1) / (X_LABELS - 1);
  return [...new Set([...Array(X_LABELS).keys()].map((k) => Math.round(k * step)))];
}

/** Start times as short as they can be while no two labels read the same. */
function timeLabels(times: readonly string[]): string[] {
  const formats = [
    (iso: string) => iso.slice(0, 10),
    (iso: string) => `${iso.slice(5, 10)} ${iso.slice(11, 16)}`,
    (iso: string) => `${iso.slice(5, 10)} ${iso.slice(11, 19)}`,
    (iso: string) => iso.slice(11, 23),
  ];
  for (const format of formats) {
    const labels = times.map(format);
    if (new Set(labels).size === labels.length) return labels;
  }
  return times.map(formats[3]);
}

/** A tick label with as many decimals as the distance between ticks needs. */
function tick(v: number, span: number): string {
  const step = span / 4;
  const decimals = step >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(step)) + 1);
  return v.toFixed(decimals);
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
