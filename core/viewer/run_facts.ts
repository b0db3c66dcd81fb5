import { reaskedChecks } from "../run/reasked.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { counted } from "../report/numbers.ts";
import type { RunDocument } from "../run/run_document.ts";
import { TARGET_SETTINGS_KEYS, type TargetSettings } from "../run/target_settings.ts";

const SETTING_NAMES: Partial<Record<keyof TargetSettings, string>> = {
  system: "system prompt",
  prompt: "prompt template",
};

/**
 * A run's label and what its model target was asked with, as rows of a page's `<dl>`: nothing
 * for a run without them (an older run, or a target that is not a model). The prompts are their
 * digests, as the run records them (ADR 0097).
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * const run = { label: "VADER", target_settings: { provider: "openai", model: "m", endpoint: "h", temperature: 0 } };
 * equal(runFactRows(run).includes(`<dd id="label">VADER</dd>`), true);
 * equal(runFactRows({}), "");
 * ```
 */
export function runFactRows(run: Pick<RunDocument, "label" | "target_settings">): string {
  const label = run.label === undefined
    ? ""
    : `<dt>Label</dt><dd id="label">${escapeHtml(run.label)}</dd>`;
  const settings = run.target_settings;
  if (settings === undefined) return label;
  const items = TARGET_SETTINGS_KEYS.flatMap((key) => {
    const value = settings[key];
    if (value === undefined) return [];
    const shown = typeof value === "string" ? value : JSON.stringify(value);
    return [
      `<li><span class="setting">${escapeHtml(SETTING_NAMES[key] ?? key)}</span> <code>${
        escapeHtml(shown)
      }</code></li>`,
    ];
  });
  return `${label}<dt>Target settings</dt><dd id="target-settings"><ul class="plain settings">${
    items.join("")
  }</ul></dd>`;
}

/** The most re-asked checks a run's page names; the count covers them all. */
const REASKED_NAMED = 10;

/**
 * How many verdicts a judge gave only when asked again, as a row of the run page's `<dl>`: the
 * verdict (or a draw's) records it in its metadata (`reasked`). Nothing when none was, or when
 * the run is older than the record.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(reaskedRow({ cases: [] }), "");
 * ```
 */
export function reaskedRow(run: Pick<RunDocument, "cases">): string {
  const checks = reaskedChecks(run.cases);
  if (checks.length === 0) return "";
  const more = checks.length > REASKED_NAMED ? ` and ${checks.length - REASKED_NAMED} more` : "";
  return `<dt>Re-asked</dt><dd id="reasked">${
    escapeHtml(
      `${counted(checks.length, "verdict")} needed a judge's re-ask: ${
        checks.slice(0, REASKED_NAMED).join(", ")
      }${more}`,
    )
  }</dd>`;
}
