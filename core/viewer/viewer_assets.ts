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
@media (max-width: 640px) {
  header, main, footer, .site-nav { padding-left: 12px; padding-right: 12px; }
  section { padding: 12px; }
  table.rows { font-size: 13px; }
  table.rows th, table.rows td { padding: 4px 6px; }
}
`;

/**
 * The run page's filter: rows carry their check names, statuses and group as data attributes;
 * the three controls hide the rows that do not match and count what is left.
 */
export const RUN_FILTER_SCRIPT = `
(() => {
  const rows = [...document.querySelectorAll("tr.case-row")];
  const check = document.getElementById("filter-check");
  const status = document.getElementById("filter-status");
  const group = document.getElementById("filter-group");
  const counter = document.getElementById("cases-shown");
  function apply() {
    let shown = 0;
    for (const row of rows) {
      const statuses = row.dataset.statuses.split(" ");
      const checks = row.dataset.checks.split(" ");
      const pairs = row.dataset.pairs.split(" ");
      let visible = group.value === "" || row.dataset.group === group.value;
      if (check.value !== "" && status.value !== "") visible = visible && pairs.includes(check.value + "=" + status.value);
      else if (check.value !== "") visible = visible && checks.includes(check.value);
      else if (status.value !== "") visible = visible && statuses.includes(status.value);
      row.hidden = !visible;
      if (visible) shown += 1;
    }
    counter.textContent = String(shown);
  }
  for (const control of [check, status, group]) control.addEventListener("change", apply);
})();
`;
