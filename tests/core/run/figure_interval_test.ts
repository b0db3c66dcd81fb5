import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { computeFigures } from "../../../core/run/aggregate.ts";
import { casesById } from "../../../core/run/cases_by_id.ts";
import { figureInterval } from "../../../core/run/figure_interval.ts";
import { runSynopsis } from "../../../core/run/run_synopsis.ts";
import { wilsonInterval } from "../../../core/statistics/wilson.ts";
import type { AggregateSpec } from "../../../core/suite/aggregate_spec.ts";
import { fakeRun } from "../_runs.ts";

const A = "20261130-000000-000-aaaaaa";

Deno.test("a rate's interval is Wilson's over the cases its figure counted, each group's over its own", () => {
  const run = fakeRun(A, [
    { id: "a", group: "g1", statuses: { correct: "pass" } },
    { id: "b", group: "g1", statuses: { correct: "fail" } },
    { id: "c", group: "g2", statuses: { correct: "pass" } },
    { id: "d", group: "g2", statuses: { correct: "error" } },
  ]);
  const cases = casesById(run.cases);
  const interval = (name: string) =>
    figureInterval(run.figures.find((f) => f.name === name)!, cases);
  // d errored, so the figure counted three cases, two of them passing.
  assertEquals(interval("accuracy"), wilsonInterval(2, 3));
  assertEquals(interval("accuracy[group=g1]"), wilsonInterval(1, 2));
  assertEquals(interval("accuracy[group=g2]"), wilsonInterval(1, 1));
  assertEquals(runSynopsis(run).intervals, {
    "accuracy": wilsonInterval(2, 3),
    "accuracy[group=g1]": wilsonInterval(1, 2),
    "accuracy[group=g2]": wilsonInterval(1, 1),
  });
});

Deno.test("a mean's interval is its scores' mean ± 1.96 standard errors; a single score has none", () => {
  const mean: AggregateSpec = {
    name: "length",
    kind: "mean",
    over: "correct",
    higher_is_better: true,
  } as AggregateSpec;
  const run = fakeRun(A, [
    { id: "a", statuses: { correct: "pass" } },
    { id: "b", statuses: { correct: "pass" } },
    { id: "c", statuses: { correct: "pass" } },
  ], { aggregates: [mean] });
  [2, 4, 9].forEach((score, i) => run.cases[i].verdicts[0].score = score);
  run.figures = computeFigures([mean], { assertions: run.assertions, cases: run.cases });
  const interval = figureInterval(run.figures[0], casesById(run.cases))!;
  // Mean 5, sample variance 13, standard error √(13/3).
  const half = 1.959963984540054 * Math.sqrt(13 / 3);
  ok(Math.abs(interval.low - (5 - half)) < 1e-12 && Math.abs(interval.high - (5 + half)) < 1e-12);

  const one = fakeRun(A, [{ id: "a", statuses: { correct: "pass" } }], { aggregates: [mean] });
  one.cases[0].verdicts[0].score = 3;
  one.figures = computeFigures([mean], { assertions: one.assertions, cases: one.cases });
  assertEquals(figureInterval(one.figures[0], casesById(one.cases)), null);
  assertEquals(runSynopsis(one).intervals, {});
});

Deno.test("a figure no case could be counted for has no interval", () => {
  const run = fakeRun(A, [{ id: "a", statuses: { correct: "error" } }]);
  assertEquals(run.figures[0].value, null);
  assertEquals(figureInterval(run.figures[0], casesById(run.cases)), null);
});
