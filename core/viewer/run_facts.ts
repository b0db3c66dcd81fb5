import { escapeHtml } from "../report/escape_html.ts";
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
