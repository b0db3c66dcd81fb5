import { escapeHtml } from "../report/escape_html.ts";
import type { RunSynopsis } from "../run/run_synopsis_schema.ts";

/**
 * The suite page's picker of any two runs: A and B among the runs its table lists, opening their
 * two-run page. In the exported folder only the pairs the table links to were written (each run
 * against the one before it and against the approved run), so there the picker opens those and
 * names the command for any other pair, rather than a link to a file that is not there.
 */
export function picker(
  runs: readonly RunSynopsis[],
  options: { linked: readonly [string, string][]; exported: boolean },
): string {
  if (runs.length < 2) return "";
  const choices = (chosen: string) =>
    runs.map((r) =>
      `<option value="${escapeHtml(r.run_id)}"${r.run_id === chosen ? " selected" : ""}>${
        escapeHtml(r.run_id)
      }</option>`
    ).join("");
  const pairs = options.exported
    ? ` data-pairs="${escapeHtml(options.linked.map(([a, b]) => `${a}/${b}`).join(" "))}"`
    : "";
  return [
    `<form class="filters picker" id="run-picker" aria-label="compare two runs"${pairs}>`,
    `<label for="pick-a">Run A</label><select id="pick-a">${choices(runs[1].run_id)}</select>`,
    `<label for="pick-b">Run B</label><select id="pick-b">${choices(runs[0].run_id)}</select>`,
    `<button type="submit">Compare A with B</button></form>`,
    `<p class="note" id="picker-note" hidden></p>`,
  ].join("");
}

/** Opens the chosen pair's page; in the exported folder, only a pair it holds. */
export const PICKER_SCRIPT = `
(() => {
  const form = document.getElementById("run-picker");
  if (!form) return;
  const note = document.getElementById("picker-note");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const a = document.getElementById("pick-a").value;
    const b = document.getElementById("pick-b").value;
    const pairs = form.dataset.pairs;
    if (pairs !== undefined && !pairs.split(" ").includes(a + "/" + b)) {
      note.textContent = "This folder holds each run against the run before it and against the " +
        "approved run. For these two, run: digline diff " + a + " " + b +
        " (or open the store with digline serve, which compares any two).";
      note.hidden = false;
      return;
    }
    location.href = "../diff/" + encodeURIComponent(a) + "/" + encodeURIComponent(b) + ".html";
  });
})();
`;
