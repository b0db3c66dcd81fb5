import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { lineChart } from "../../../core/report/chart.ts";

const IDS = ["r1", "r2", "r3", "r4"];
const TIMES = IDS.map((_, i) => `2026-11-30T00:0${i}:00.000Z`);

/** Each mark label's text and the box it takes, estimated from its anchor and length. */
function labels(svg: string): { text: string; left: number; right: number; y: number }[] {
  return [...svg.matchAll(
    /<text class="mark-label" x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)">([^<]*)<\/text>/g,
  )].map(([, x, y, anchor, text]) => {
    const width = text.length * 6.5;
    const left = anchor === "start"
      ? Number(x)
      : anchor === "end"
      ? Number(x) - width
      : Number(x) - width / 2;
    return { text, left, right: left + width, y: Number(y) };
  });
}

Deno.test("marks on one run share one label, so the latest run as the baseline does not overprint", () => {
  const svg = lineChart([{ name: "accuracy", values: [0.5, 0.6, 0.7, 0.8] }], {
    runIds: IDS,
    times: TIMES,
    marks: [{ index: 3, label: "baseline" }, { index: 3, label: "this run" }],
  });
  assertEquals(labels(svg).map((l) => l.text), ["baseline · this run"]);
  assertEquals(svg.match(/<line class="mark"/g)?.length, 1);
  const [label] = labels(svg);
  ok(label.right <= 960, `the label ends inside the chart: ${label.right}`);
});

Deno.test("labels of marks close together do not overlap", () => {
  const svg = lineChart([{ name: "accuracy", values: [0.5, 0.6, 0.7, 0.8] }], {
    runIds: [...IDS, ...IDS.map((i) => `${i}b`), ...IDS.map((i) => `${i}c`)],
    times: [...TIMES, ...TIMES, ...TIMES],
    marks: [
      { index: 10, label: "approved by someone with a long name" },
      { index: 11, label: "operator: drift, woke someone" },
    ],
  });
  const [a, b] = labels(svg);
  ok(a.y !== b.y || a.right <= b.left || b.right <= a.left, JSON.stringify([a, b]));
});
