import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { fakeRun } from "../_runs.ts";
import { renderHtml } from "../../../core/report/mod.ts";
import { reportInput, RUNS, withPayload } from "./_input.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";

const HOSTILE = `<script>alert("x")</script><img src=x onerror="alert(1)">`;

function hostileOutputs(run: RunDocument): RunDocument {
  return {
    ...run,
    cases: run.cases.map((c) => ({ ...c, output: `${HOSTILE} ${c.output}` })),
  };
}

Deno.test("the HTML report shows each flipped case once, with both outputs side by side", () => {
  const html = renderHtml(reportInput(
    [
      { id: "c1", statuses: { correct: "pass", polite: "pass" } },
      { id: "c2", statuses: { correct: "fail" } },
      { id: "c3", statuses: { correct: "pass" } },
    ],
    [
      { id: "c1", statuses: { correct: "fail", polite: "fail" } },
      { id: "c2", statuses: { correct: "pass" } },
      { id: "c3", statuses: { correct: "pass" } },
    ],
  ));
  const rows = html.match(/<tr class="flip"[^>]*>/g) ?? [];
  assertEquals(rows, [
    `<tr class="flip" data-kinds="regression" data-case="c1">`,
    `<tr class="flip" data-kinds="improvement" data-case="c2">`,
  ]);
  ok(
    html.includes(
      `<pre>PAYLOAD-OUTPUT baseline c1</pre></td><td class="output candidate"><pre>PAYLOAD-OUTPUT candidate c1</pre>`,
    ),
  );
  assertEquals(html.match(/<span class="tag">regression<\/span>/g)?.length, 2, "both checks of c1");
});

Deno.test("every string from a run is escaped: an output can not run script in the page", () => {
  const html = renderHtml(reportInput(
    [{ id: `<b>c1</b>`, statuses: { correct: "pass" } }],
    [{ id: `<b>c1</b>`, statuses: { correct: "fail" } }],
    { edit: hostileOutputs },
  ));
  ok(!html.includes(HOSTILE));
  ok(!html.includes("<b>c1</b>"));
  ok(html.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
  assertEquals(html.match(/<script>/g)?.length, 1, "only the page's own script");
});

Deno.test("the HTML report is one file that loads nothing: no src, no link, no url()", () => {
  const html = renderHtml(reportInput(
    [{ id: "c1", statuses: { correct: "pass" } }],
    [{ id: "c1", statuses: { correct: "fail" } }],
  ));
  ok(!/\ssrc=|<link\b|url\(|@import|https?:\/\//i.test(html));
  match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
  match(html, /^<!doctype html>/);
});

Deno.test("the chart draws one line per figure over the suite's runs, with a point per value", () => {
  const runs = RUNS.map((id, i) =>
    withPayload(
      {
        ...fakeRun(id, [
          { id: "a", group: "g1", statuses: { correct: i === 1 ? "fail" : "pass" } },
          { id: "b", group: "g2", statuses: { correct: "pass" } },
        ]),
        started_at: `2026-11-30T00:0${i}:00.000Z`,
      },
      id,
    )
  );
  const html = renderHtml(reportInput(
    [{ id: "a", group: "g1", statuses: { correct: "pass" } }],
    [{ id: "a", group: "g1", statuses: { correct: "fail" } }],
    { history: runs },
  ));
  const chart = html.slice(
    html.indexOf(`<section id="history">`),
    html.indexOf(`<section id="flips">`),
  );
  assertEquals(chart.match(/<path class="series/g)?.length, 3, "accuracy and its two groups");
  assertEquals(chart.match(/<circle class="point"/g)?.length, 9);
  ok(chart.includes(`<path class="series emphasis"`), "the figure over all cases stands out");
  ok(chart.includes(">baseline</text>") && chart.includes(">this run</text>"));
  match(chart, /<title>accuracy 0\.5000 · run 20261130-000100-000-bbbbbb/);
  ok(chart.includes("3 runs of suite s"));
});

Deno.test("a figure a run could not compute leaves a gap in its line", () => {
  const runs = RUNS.map((id) => fakeRun(id, [{ id: "a", statuses: { correct: "pass" } }]));
  runs[1] = { ...runs[1], figures: runs[1].figures.map((f) => ({ ...f, value: null })) };
  const html = renderHtml(reportInput(
    [{ id: "a", statuses: { correct: "pass" } }],
    [{ id: "a", statuses: { correct: "pass" } }],
    { history: runs },
  ));
  const path = /<path class="series emphasis" d="([^"]+)"/.exec(html)?.[1] ?? "";
  assertEquals(path.match(/M/g)?.length, 2, path);
  assertEquals(html.match(/<circle class="point"/g)?.length, 2);
});

Deno.test("with no flips the page says so, and still shows the headline and figures", () => {
  const html = renderHtml(reportInput(
    [{ id: "a", statuses: { correct: "pass" } }],
    [{ id: "a", statuses: { correct: "pass" } }],
  ));
  ok(html.includes(`<p class="empty">No check changed state.</p>`));
  match(html, /<p class="headline" id="headline">NOT WORSE \(exit 0\): nothing got worse/);
  ok(html.includes(`<section id="figures">`));
});
