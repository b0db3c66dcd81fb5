import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { fakeRun } from "../_runs.ts";
import { renderHtml } from "../../../core/report/mod.ts";
import { lineChart } from "../../../core/report/chart.ts";
import { formatDelta } from "../../../core/report/numbers.ts";
import { wilsonInterval } from "../../../core/statistics/wilson.ts";
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
      `<pre>PAYLOAD-OUTPUT <del>baseline</del> c1</pre></td><td class="output candidate"><pre>PAYLOAD-OUTPUT <ins>candidate</ins> c1</pre>`,
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
  const { low, high } = wilsonInterval(1, 2);
  ok(
    chart.includes(
      `<title>accuracy 0.5000 · 95% interval ${low.toFixed(4)} to ${
        high.toFixed(4)
      } · run 20261130-000100-000-bbbbbb`,
    ),
    "each point names its run's interval: Wilson's over the cases its figure counted",
  );
  ok(chart.includes("3 runs of suite s"));
});

Deno.test("a chart point's tooltip names its 95% interval, or says the run recorded none", () => {
  const chart = lineChart([{
    name: "accuracy",
    values: [0.5, 0.75],
    intervals: [null, { low: 0.4, high: 0.9 }],
  }], { runIds: [RUNS[0], RUNS[1]], times: ["t0", "t1"], marks: [] });
  assertEquals([...chart.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]), [
    `accuracy 0.5000 · no interval recorded · run ${RUNS[0]} · t0`,
    `accuracy 0.7500 · 95% interval 0.4000 to 0.9000 · run ${RUNS[1]} · t1`,
  ]);
  const plain = lineChart([{ name: "accuracy", values: [0.5] }], {
    runIds: [RUNS[0]],
    times: ["t0"],
    marks: [],
  });
  ok(plain.includes(`<title>accuracy 0.5000 · run ${RUNS[0]} · t0</title>`), plain);
});

Deno.test("the figures table shows each change with the interval the comparison computed", () => {
  const input = reportInput(
    [
      { id: "a", statuses: { correct: "pass" } },
      { id: "b", statuses: { correct: "pass" } },
      { id: "c", statuses: { correct: "pass" } },
    ],
    [
      { id: "a", statuses: { correct: "fail" } },
      { id: "b", statuses: { correct: "pass" } },
      { id: "c", statuses: { correct: "pass" } },
    ],
  );
  const accuracy = input.comparison.figures.find((f) => f.name === "accuracy")!;
  ok(accuracy.interval !== null);
  const html = renderHtml(input);
  const row = /<tr data-figure="accuracy">(.*?)<\/tr>/.exec(html)?.[1] ?? "";
  const cells = [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
  assertEquals(cells.slice(3, 5), [
    formatDelta(accuracy.delta),
    `${formatDelta(accuracy.interval.low)} to ${formatDelta(accuracy.interval.high)}`,
  ]);
  ok(html.includes("95% interval of the change"));
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
