/** The site's style on top of the report's: navigation, tables, strips and filters. */
export const VIEWER_CSS = `
.site-nav { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center; max-width: 1240px;
  margin: 0 auto; padding: 14px 24px 0; }
.site-nav .brand { font-weight: 700; margin-right: 8px; }
.site-nav a { color: var(--accent); text-decoration: none; padding: 2px 0; }
.site-nav a[aria-current="page"] { color: var(--text); border-bottom: 2px solid var(--accent); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible {
  outline: 3px solid var(--accent); outline-offset: 2px; }
table.rows { border-collapse: collapse; width: 100%; font-size: 14px; }
table.rows th, table.rows td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line);
  vertical-align: top; }
table.rows td.num, table.rows th.num { text-align: right; font-variant-numeric: tabular-nums; }
.verdict-word { font-weight: 600; }
.verdict-word.v0 { color: var(--ok); } .verdict-word.v1 { color: var(--bad); }
.verdict-word.v2, .verdict-word.refused { color: var(--warn); }
.spark { vertical-align: middle; }
.strip { display: flex; gap: 2px; flex-wrap: nowrap; }
.cell { display: inline-block; width: 10px; height: 16px; border-radius: 2px; background: var(--line); }
.cell.pass { background: var(--ok); } .cell.fail { background: var(--bad); }
.cell.error { background: var(--warn); }
.case-output { white-space: pre-wrap; word-break: break-word; margin: 0; max-height: 16em; overflow: auto;
  background: var(--code); padding: 6px 8px; border-radius: 4px; }
.status-pass { color: var(--ok); } .status-fail { color: var(--bad); } .status-error { color: var(--warn); }
.filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 0 0 12px; }
.filters label { display: inline-flex; gap: 6px; align-items: center; }
.filters select, .filters input { font: inherit; padding: 4px 6px; border: 1px solid var(--muted);
  border-radius: 4px; background: var(--panel); color: var(--text); }
table.rows tbody th { text-transform: none; letter-spacing: normal; font-weight: 600; color: var(--text); font-size: 14px; }
ul.plain { list-style: none; padding: 0; margin: 0; }
.table-scroll { overflow-x: auto; max-width: 100%; }
.filters select, .filters input { max-width: 100%; min-width: 0; }
.picker button { font: inherit; font-size: 14px; padding: 3px 12px; border: 1px solid var(--muted);
  border-radius: 999px; background: var(--bg); color: var(--text); cursor: pointer; }
td.compare { white-space: nowrap; }
p.ids code { display: inline-block; margin: 0 6px 4px 0; }
table.flips .move { white-space: normal; }
@media (max-width: 640px) {
  table.flips, table.flips tbody, table.flips tr, table.flips td { display: block; width: auto; }
  table.flips thead, table.flips colgroup { display: none; }
  table.flips tr { border-bottom: 1px solid var(--line); padding: 6px 0; }
  table.flips td { border: 0; padding: 4px 0; }
  table.flips td.output.baseline::before { content: "A, the earlier run"; }
  table.flips td.output.candidate::before { content: "B, the later run"; }
  table.flips td.output::before { display: block; font-size: 12px; color: var(--muted); }
}
@media (max-width: 640px) {
  header, main, footer, .site-nav { padding-left: 12px; padding-right: 12px; }
  section { padding: 12px; }
  table.rows { font-size: 13px; }
  table.rows th, table.rows td { padding: 4px 6px; }
}
`;
