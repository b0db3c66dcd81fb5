import type { JsonValue } from "../json.ts";
import type { Sample } from "../model/sample.ts";
import { escapeHtml } from "../report/escape_html.ts";
import { redactionNote } from "../run/redact_run.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import type { Verdict } from "../verdict.ts";
import type { Redactable } from "../suite/report_settings.ts";
import { pageLink, sitePage } from "./page_shell.ts";
import { runFactRows } from "./run_facts.ts";
import type { SitePage } from "./site_paths.ts";
import { UNLISTED_WORDS } from "./site_model.ts";

/** The case page's own style: input and output side by side, one above the other on a phone. */
export const CASE_CSS = `
.case-io { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; }
.case-io > div > section { margin: 0 0 16px; }
.case-io pre, #checks pre { white-space: pre-wrap; word-break: break-word; margin: 0;
  background: var(--code); padding: 6px 8px; border-radius: 4px; }
table.vars { border-collapse: collapse; width: 100%; }
table.vars th, table.vars td { text-align: left; vertical-align: top; padding: 4px 8px;
  border-bottom: 1px solid var(--line); }
table.vars th { width: 1%; white-space: nowrap; text-transform: none; letter-spacing: normal; }
#checks li { margin: 0 0 12px; }
#checks .meta-pairs { color: var(--muted); font-size: 13px; }
ul.settings li { display: inline; margin-right: 12px; }
@media (max-width: 720px) { .case-io { grid-template-columns: minmax(0, 1fr); } }
`;

/**
 * One case of one run: what it was asked (its vars and, for a model target, the prompt sent),
 * what it was expected to give, what it gave, and every check's verdict with its reason, its
 * metadata and a judge's reply as it came. The case is redacted before it gets here when the site
 * is; a case from an older run, which kept only its input's digest, says so.
 */
export function casePage(
  run: RunDocument,
  result: CaseResult,
  options: { redacted: readonly Redactable[]; unlisted?: boolean },
): string {
  const at: SitePage = { page: "case", runId: run.run_id, caseId: result.case_id };
  const redactedNote = options.redacted.length === 0
    ? ""
    : `<dt>Redacted</dt><dd id="redacted">${escapeHtml(redactionNote(options.redacted))}</dd>`;
  const body = [
    `<dl class="meta"><dt>Run</dt><dd>${
      pageLink(at, { page: "run", runId: run.run_id }, run.run_id)
    }</dd><dt>Suite</dt><dd>${
      pageLink(at, { page: "suite", suite: run.suite.name }, run.suite.name)
    }</dd>`,
    runFactRows({ ...(run.label === undefined ? {} : { label: run.label }) }),
    `<dt>Kind</dt><dd>${escapeHtml(result.kind)}</dd>`,
    result.group === undefined ? "" : `<dt>Group</dt><dd>${escapeHtml(result.group)}</dd>`,
    result.label === undefined ? "" : `<dt>Class</dt><dd>${escapeHtml(result.label)}</dd>`,
    `<dt>Calls</dt><dd>${result.attempts}, ${Math.round(result.latency_ms)} ms waiting</dd>`,
    redactedNote,
    options.unlisted ? `<dt>Store</dt><dd id="unlisted">${escapeHtml(UNLISTED_WORDS)}</dd>` : "",
    `</dl>`,
    `<div class="case-io"><div>`,
    inputSection(result),
    promptSection(run, result),
    `</div><div>`,
    outputSection(result),
    expectedSection(result),
    `</div></div>`,
    checksSection(result),
    samplesSection(result),
  ].join("");
  return sitePage({
    at,
    title: `Case ${result.case_id} of run ${run.run_id}`,
    body,
    css: CASE_CSS,
  });
}

function inputSection(result: CaseResult): string {
  const heading = `<h2>Input</h2>`;
  if (result.vars === undefined) {
    const digest = result.inputs_digest === undefined
      ? ""
      : ` Its digest: <code>${escapeHtml(result.inputs_digest)}</code>.`;
    return `<section id="input">${heading}<p class="note">No vars recorded: the case has none, ` +
      `or its run was stored by a digline that kept only their digest.${digest}</p></section>`;
  }
  const rows = Object.entries(result.vars).map(([name, value]) =>
    `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td><pre>${
      escapeHtml(shownValue(value))
    }</pre></td></tr>`
  );
  return `${`<section id="input">${heading}<table class="vars"><tbody>`}${
    rows.join("")
  }</tbody></table></section>`;
}

function promptSection(run: RunDocument, result: CaseResult): string {
  if (result.prompt === undefined) return "";
  const system = run.target_settings?.system;
  return `<section id="prompt"><h2>Prompt sent</h2>${
    system === undefined
      ? ""
      : `<p class="note">After the system prompt <code>${
        escapeHtml(system)
      }</code> (its digest; the suite holds its text), this user turn:</p>`
  }<pre>${escapeHtml(result.prompt)}</pre></section>`;
}

function expectedSection(result: CaseResult): string {
  const expected = result.expected === undefined
    ? result.expected_verdict === undefined
      ? `<p class="note">The case declares no expected value.</p>`
      : `<p>Its check must say <strong>${escapeHtml(result.expected_verdict)}</strong>.</p>`
    : `<pre>${escapeHtml(JSON.stringify(result.expected, null, 2))}</pre>`;
  return `<section id="expected"><h2>Expected</h2>${expected}</section>`;
}

function outputSection(result: CaseResult): string {
  const notes = [
    result.refused ? `<p class="note">The model declined to answer; this is what it said.</p>` : "",
    ...(result.output_notes ?? []).map((n) => `<p class="note">${escapeHtml(n)}</p>`),
  ].join("");
  const output = result.output !== undefined
    ? `<pre>${escapeHtml(result.output)}</pre>`
    : result.transport_error !== undefined
    ? `<p class="status-error">No answer: ${escapeHtml(result.transport_error)}</p>`
    : result.suspended_reason !== undefined
    ? `<p class="note">Suspended: ${escapeHtml(result.suspended_reason)}</p>`
    : `<p class="note">No output.</p>`;
  return `<section id="output"><h2>Output</h2>${output}${notes}</section>`;
}

function checksSection(result: CaseResult): string {
  if (result.verdicts.length === 0) {
    return `<section id="checks"><h2>Checks</h2><p class="note">No check gave a verdict.</p></section>`;
  }
  return `<section id="checks"><h2>Checks</h2><ul class="plain">${
    result.verdicts.map(verdictItem).join("")
  }</ul></section>`;
}

function verdictItem(v: Verdict): string {
  const pairs = Object.entries(v.metadata).map(([k, value]) => `${k}=${String(value)}`);
  return `<li><span class="status-${escapeHtml(v.status)}">${escapeHtml(v.status)}</span> <code>${
    escapeHtml(v.assertion)
  }</code>${v.score === undefined ? "" : ` score ${escapeHtml(String(v.score))}`}${
    v.reason === undefined ? "" : `: ${escapeHtml(v.reason)}`
  }${
    pairs.length === 0 ? "" : `<br><span class="meta-pairs">${escapeHtml(pairs.join(" · "))}</span>`
  }${
    v.answer === undefined
      ? ""
      : `<details open><summary>The judge's reply, as it came</summary><pre class="judge-answer">${
        escapeHtml(v.answer)
      }</pre></details>`
  }</li>`;
}

function samplesSection(result: CaseResult): string {
  if (result.samples === undefined) return "";
  return `<section id="samples"><h2>Draws <small>${result.samples.length}, in order</small></h2><ol>${
    result.samples.map(sampleItem).join("")
  }</ol></section>`;
}

function sampleItem(sample: Sample): string {
  const output = sample.output !== undefined
    ? `<pre>${escapeHtml(sample.output)}</pre>`
    : `<p class="status-error">No answer${
      sample.transport_error === undefined ? "" : `: ${escapeHtml(sample.transport_error)}`
    }</p>`;
  return `<li>${output}<ul class="plain">${sample.verdicts.map(verdictItem).join("")}</ul></li>`;
}

/** A var's value as text: a string as it is, anything else as indented JSON. */
function shownValue(value: JsonValue): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}
