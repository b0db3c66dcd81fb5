import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { computeFigures } from "../../../core/run/aggregate.ts";
import type { AggregateSpec } from "../../../core/suite/aggregate_spec.ts";
import { fakeRun } from "../_runs.ts";

const RUN = "20261130-000000-000-aaaaaa";

Deno.test("accuracy by group expands into one named figure per group", () => {
  const run = fakeRun(RUN, [
    { id: "a1", group: "amazon", statuses: { correct: "pass" } },
    { id: "a2", group: "amazon", statuses: { correct: "fail" } },
    { id: "y1", group: "yelp", statuses: { correct: "pass" } },
  ]);
  assertEquals(run.figures.map((f) => [f.name, f.value]), [
    ["accuracy", 2 / 3],
    ["accuracy[group=amazon]", 0.5],
    ["accuracy[group=yelp]", 1],
  ]);
  assertEquals(run.figures[2].exclusions.other_group, ["a1", "a2"]);
});

Deno.test("every figure lists the cases it excluded, by reason, with their ids", () => {
  const run = fakeRun(RUN, [
    { id: "n1", statuses: { correct: "pass" } },
    { id: "n2", statuses: { correct: "error" } },
    { id: "k", kind: "canary", statuses: { correct: "pass" } },
    { id: "cal", kind: "calibration", statuses: { correct: "pass" } },
    { id: "s", kind: "suspended", statuses: {} },
  ]);
  const accuracy = run.figures[0];
  assertEquals(accuracy.value, 1);
  assertEquals(accuracy.counted, ["n1"]);
  assertEquals(accuracy.exclusions.errored, ["n2"]);
  assertEquals(accuracy.exclusions.canary, ["k"]);
  assertEquals(accuracy.exclusions.calibration, ["cal"]);
  assertEquals(accuracy.exclusions.suspended, ["s"]);
});

Deno.test("a figure with nothing to count has no value rather than a flattering one", () => {
  const run = fakeRun(RUN, [{ id: "n1", statuses: { correct: "error" } }]);
  assertEquals(run.figures[0].value, null);
});

Deno.test("precision and recall read a pass as 'said positive' against the case label", () => {
  const aggregates: AggregateSpec[] = [
    { name: "precision", kind: "precision", over: "correct", positive: "1" },
    { name: "recall", kind: "recall", over: "correct", positive: "1" },
  ];
  const run = fakeRun(RUN, [
    { id: "tp", label: "1", statuses: { correct: "pass" } },
    { id: "fp", label: "0", statuses: { correct: "pass" } },
    { id: "fn", label: "1", statuses: { correct: "fail" } },
    { id: "tn", label: "0", statuses: { correct: "fail" } },
    { id: "nolabel", statuses: { correct: "pass" } },
  ], { aggregates });
  const [precision, recall] = run.figures;
  assertEquals(precision.value, 0.5);
  assertEquals(precision.counted, ["tp", "fp"]);
  assertEquals(recall.value, 0.5);
  assertEquals(recall.counted, ["tp", "fn"]);
  assertEquals(precision.exclusions.unlabelled, ["nolabel"]);
});

Deno.test("a figure finds its verdict by assertion id, not by display name", () => {
  const run = fakeRun(RUN, [
    { id: "n1", statuses: { correct: "pass" } },
    { id: "n2", statuses: { correct: "fail" } },
  ]);
  // A custom check whose failing verdicts carry another name must still be counted.
  run.cases[1].verdicts[0].assertion = "a-different-name";
  const [figure] = computeFigures([{ name: "accuracy", kind: "accuracy", over: "correct" }], {
    assertions: run.assertions,
    cases: run.cases,
  });
  assertEquals(figure.value, 0.5);
  assertEquals(figure.counted, ["n1", "n2"]);
});
