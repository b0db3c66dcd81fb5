import { escapeHtml } from "../report/escape_html.ts";

/** Each searched text is cut here, so a page of long outputs does not carry them twice whole. */
export const SEARCH_TEXT_LIMIT = 20_000;

/**
 * What a case's row is found by: its id, its input and its output, lower-cased for the page's
 * search box. The one place a row's searchable text is made: a page that shows a case's input
 * passes it here, and the search finds it.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(caseSearchText({ caseId: "Q-1", output: "Yes" }), "q-1\nyes");
 * ```
 */
export function caseSearchText(parts: {
  caseId: string;
  input?: string | null;
  output?: string | null;
  /** A second output, for a row that shows two runs' answers. */
  otherOutput?: string | null;
}): string {
  return [parts.caseId, parts.input, parts.output, parts.otherOutput]
    .filter((t): t is string => typeof t === "string" && t !== "")
    .map((t) => t.slice(0, SEARCH_TEXT_LIMIT).toLowerCase())
    .join("\n");
}

/** The `data-search` attribute of a filtered row. */
export function searchAttribute(text: string): string {
  return ` data-search="${escapeHtml(text)}"`;
}

/**
 * A labelled select that filters the page's rows: `name` is its key in the URL's fragment,
 * `field` the row attribute (`data-FIELD`, words separated by spaces) it must find its value in.
 */
export function filterSelect(
  spec: { id: string; label: string; name: string; field: string },
  values: readonly string[],
): string {
  return `<label for="${spec.id}">${
    escapeHtml(spec.label)
  }</label><select id="${spec.id}" data-filter="${escapeHtml(spec.name)}" data-field="${
    escapeHtml(spec.field)
  }"><option value="">any</option>${
    values.map((v) => `<option value="${escapeHtml(v)}">${escapeHtml(v)}</option>`).join("")
  }</select>`;
}

/** A labelled search box over the rows' `data-search` text, kept in the URL as `q`. */
export function searchBox(spec: { id: string; label: string; placeholder: string }): string {
  return `<label for="${spec.id}">${
    escapeHtml(spec.label)
  }</label><input type="search" id="${spec.id}" data-filter="q" data-field="search" placeholder="${
    escapeHtml(spec.placeholder)
  }" autocomplete="off">`;
}

/**
 * The filters of a page, kept in the URL's fragment (`#q=refund&status=fail`), so a filtered
 * view can be linked, reloads as it was, and works the same from `digline serve` and from the
 * exported files: the fragment never reaches a server. Rows are `[data-row]`; a select narrows to
 * rows whose `data-FIELD` holds its value, the search box to rows whose `data-search` holds the
 * text; with a check and a status both chosen, a row must hold that pair (`data-pairs`). No data
 * lives here: every page carries its rows.
 */
export const URL_FILTER_SCRIPT = `
(() => {
  const controls = [...document.querySelectorAll("[data-filter]")];
  const rows = [...document.querySelectorAll("[data-row]")];
  const counter = document.querySelector("[data-shown]");
  if (controls.length === 0) return;
  function read() {
    const params = new URLSearchParams(location.hash.slice(1));
    for (const control of controls) {
      const value = params.get(control.dataset.filter) ?? "";
      if (control.tagName === "SELECT" && ![...control.options].some((o) => o.value === value)) {
        control.value = "";
      } else {
        control.value = value;
      }
    }
  }
  function holds(row, field, value) {
    if (field === "search") return (row.dataset.search ?? "").includes(value.toLowerCase());
    return (row.getAttribute("data-" + field) ?? "").split(" ").includes(value);
  }
  function apply(write) {
    const chosen = controls.filter((c) => c.value !== "");
    const check = chosen.find((c) => c.dataset.filter === "check");
    const status = chosen.find((c) => c.dataset.filter === "status");
    let shown = 0;
    for (const row of rows) {
      let visible = true;
      for (const control of chosen) {
        if (check && status && row.hasAttribute("data-pairs") && (control === check || control === status)) {
          visible = visible && holds(row, "pairs", check.value + "=" + status.value);
        } else {
          visible = visible && holds(row, control.dataset.field, control.value);
        }
      }
      row.hidden = !visible;
      if (visible) shown += 1;
    }
    if (counter) counter.textContent = String(shown);
    if (!write) return;
    const hash = new URLSearchParams(chosen.map((c) => [c.dataset.filter, c.value])).toString();
    const url = location.pathname + location.search + (hash === "" ? "" : "#" + hash);
    try {
      history.replaceState(null, "", url);
    } catch {
      location.replace("#" + hash);
    }
  }
  for (const control of controls) {
    control.addEventListener(control.tagName === "SELECT" ? "change" : "input", () => apply(true));
  }
  addEventListener("hashchange", () => {
    read();
    apply(false);
  });
  read();
  apply(false);
})();
`;
