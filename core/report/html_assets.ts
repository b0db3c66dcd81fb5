/** The report page's style: system fonts, light and dark, verdict colours, side-by-side outputs. */
export const REPORT_CSS = `
:root { color-scheme: light dark; --bg: #f8fafc; --panel: #ffffff; --text: #0f172a; --muted: #64748b;
  --line: #e2e8f0; --code: #f1f5f9; --ok: #15803d; --bad: #b91c1c; --warn: #b45309; --accent: #2563eb; }
@media (prefers-color-scheme: dark) { :root { --bg: #0b1120; --panel: #111827; --text: #e5e7eb;
  --muted: #94a3b8; --line: #1f2937; --code: #1e293b; --ok: #4ade80; --bad: #f87171; --warn: #fbbf24;
  --accent: #60a5fa; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.5;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
header, main, footer { max-width: 1240px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 28px; }
h1 { font-size: 22px; margin: 6px 0 10px; }
h2 { font-size: 17px; margin: 0 0 12px; }
h2 small { color: var(--muted); font-weight: normal; font-size: 14px; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace;
  font-size: 13px; }
.badge { display: inline-block; margin: 0; padding: 3px 12px; border-radius: 999px; color: #fff;
  font-weight: 600; font-size: 13px; letter-spacing: .04em; }
.verdict-0 .badge { background: var(--ok); } .verdict-1 .badge { background: var(--bad); }
.verdict-2 .badge { background: var(--warn); }
.headline { margin: 0 0 14px; padding: 12px 16px; background: var(--panel); border: 1px solid var(--line);
  border-left: 4px solid var(--accent); border-radius: 6px; }
.verdict-0 .headline { border-left-color: var(--ok); } .verdict-1 .headline { border-left-color: var(--bad); }
.verdict-2 .headline { border-left-color: var(--warn); }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 8px;
  color: var(--muted); font-size: 14px; }
.meta dt { font-weight: 600; } .meta dd { margin: 0; color: var(--text); }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 18px 20px;
  margin: 18px 0; overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 7px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.status { font-weight: 600; white-space: nowrap; }
.status-worse, .status-missing, .status-uncomputable { color: var(--bad); }
.status-better { color: var(--ok); }
.status-unchanged, .status-new, .status-not-significant { color: var(--muted); }
.filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 12px; }
.filters button { border: 1px solid var(--line); background: var(--bg); color: var(--text); border-radius: 999px;
  padding: 3px 12px; font: inherit; font-size: 13px; cursor: pointer; }
.filters button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
.filters input { margin-left: auto; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px;
  background: var(--bg); color: var(--text); font: inherit; font-size: 13px; min-width: 14em; }
table.flips { table-layout: fixed; }
table.flips col.case { width: 13%; } table.flips col.checks { width: 23%; }
table.flips col.output { width: 32%; }
td.case code { word-break: break-all; }
ul.checks { list-style: none; margin: 0; padding: 0; }
ul.checks li + li { margin-top: 6px; }
.tag { display: inline-block; font-size: 11px; font-weight: 600; padding: 0 6px; border-radius: 4px;
  color: #fff; background: var(--muted); margin-right: 4px; }
.kind-regression .tag, .kind-canary-moved .tag { background: var(--bad); }
.kind-improvement .tag { background: var(--ok); }
.kind-unjudged .tag, .kind-unreconciled .tag, .kind-calibration-lost .tag { background: var(--warn); }
.move { color: var(--muted); white-space: nowrap; }
.reason { margin: 2px 0 0; font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
pre { margin: 0; padding: 8px 10px; background: var(--code); border-radius: 6px; white-space: pre-wrap;
  overflow-wrap: anywhere; max-height: 18em; overflow: auto; }
.absent { color: var(--muted); font-style: italic; }
pre ins, pre del { text-decoration: none; border-radius: 2px; padding: 0 1px; }
pre ins { background: rgba(22, 163, 74, .22); box-shadow: inset 0 -2px 0 var(--ok); }
pre del { background: rgba(220, 38, 38, .2); text-decoration: line-through; text-decoration-color: var(--bad); }
.elided { color: var(--muted); font-style: italic; }
.note, .empty { color: var(--muted); font-size: 14px; margin: 0 0 10px; }
figure.chart { margin: 0 0 18px; }
figure.chart figcaption { font-weight: 600; margin-bottom: 4px; }
figure.chart svg { width: 100%; height: auto; display: block; }
svg .grid { stroke: var(--line); stroke-width: 1; }
svg .tick { fill: var(--muted); font-size: 11px; }
svg .mark { stroke: var(--muted); stroke-dasharray: 4 4; stroke-width: 1; }
svg .mark-label { fill: var(--muted); font-size: 11px; }
svg .series { fill: none; stroke-width: 1.5; stroke-linejoin: round; opacity: .8; }
svg .series.emphasis { stroke-width: 2.75; opacity: 1; }
ul.legend { list-style: none; padding: 0; margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 4px 16px;
  font-size: 13px; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 6px;
  vertical-align: -1px; }
ol.facts { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; margin: 10px 0 0; }
footer { color: var(--muted); font-size: 13px; padding-bottom: 32px; }
`;

/** The flips table's filters: by kind of fact, and by a piece of the case id. No data lives here. */
export const REPORT_SCRIPT = `
(() => {
  const rows = [...document.querySelectorAll("tr.flip")];
  const buttons = [...document.querySelectorAll(".filters button")];
  const search = document.querySelector(".filters input");
  const counter = document.getElementById("flips-shown");
  let kind = "all";
  function apply() {
    const wanted = (search ? search.value : "").toLowerCase();
    let shown = 0;
    for (const row of rows) {
      const visible = (kind === "all" || row.dataset.kinds.split(" ").includes(kind)) &&
        row.dataset.case.toLowerCase().includes(wanted);
      row.hidden = !visible;
      if (visible) shown += 1;
    }
    if (counter) counter.textContent = String(shown);
  }
  for (const button of buttons) {
    button.addEventListener("click", () => {
      kind = button.dataset.kind;
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
      apply();
    });
  }
  if (search) search.addEventListener("input", apply);
})();
`;
