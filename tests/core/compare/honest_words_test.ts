import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { headline } from "../../../core/compare/headline.ts";
import { computeFigures } from "../../../core/run/aggregate.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { AggregateSpecSchema } from "../../../core/suite/aggregate_spec.ts";
import { SCENARIOS } from "../_scenarios.ts";
import { fakeRun } from "../_runs.ts";

const A = "20261130-000000-000-aaaaaa";
const A2 = "20261130-000000-500-a2a2a2";
const B = "20261130-000001-000-bbbbbb";

/** A run whose `correct` check scored each case (an answer's length, say), with a mean figure. */
function scored(runId: string, scores: number[], higherIsBetter: boolean): RunDocument {
  const run = fakeRun(
    runId,
    scores.map((_, i) => ({ id: `c${i}`, statuses: { correct: "pass" } })),
  );
  run.cases.forEach((c, i) => c.verdicts[0].score = scores[i]);
  const aggregates = [AggregateSpecSchema.parse({
    name: "answer_length",
    kind: "mean",
    over: "correct",
    primary: true,
    higher_is_better: higherIsBetter,
  })];
  run.aggregates = aggregates;
  run.figures = computeFigures(aggregates, { assertions: run.assertions, cases: run.cases });
  return run;
}

Deno.test("a mean aggregate must say which way is better", () => {
  const parsed = AggregateSpecSchema.safeParse({ name: "m", kind: "mean", over: "x" });
  ok(!parsed.success);
  assertEquals(parsed.error?.issues[0].path, ["higher_is_better"]);
  ok(AggregateSpecSchema.safeParse({ name: "a", kind: "accuracy", over: "x" }).success);
});

Deno.test("a longer mean answer is not better when lower is better; it is worse", () => {
  const lengths = Array.from({ length: 30 }, (_, i) => 100 + (i % 5));
  const longer = lengths.map((n) => n + 40);
  const lower = compareRuns(scored(A, lengths, false), scored(B, longer, false));
  const figure = lower.figures.find((f) => f.name === "answer_length");
  assertEquals(figure?.status, "worse");
  assertEquals(lower.verdict, 1);
  ok(!/better/.test(headline(lower)), headline(lower));
  const higher = compareRuns(scored(A, lengths, true), scored(B, longer, true));
  assertEquals(higher.figures.find((f) => f.name === "answer_length")?.status, "better");
});

Deno.test("no figure is called unchanged when its value changed", () => {
  // The paired cases did not move; an added failing case moved the value from 1 to 2/3.
  const before = fakeRun(A, [
    { id: "a", statuses: { correct: "pass" } },
    { id: "b", statuses: { correct: "pass" } },
  ]);
  const after = fakeRun(B, [
    { id: "a", statuses: { correct: "pass" } },
    { id: "b", statuses: { correct: "pass" } },
    { id: "c", statuses: { correct: "fail" } },
  ]);
  const comparison = compareRuns(before, after);
  for (const s of [...SCENARIOS.map((s) => compareRuns(s.baseline, s.candidate, s)), comparison]) {
    for (const f of s.facts.filter((f) => f.kind === "figure-unchanged")) {
      ok(typeof f.from === "number" && typeof f.to === "number");
      ok(Math.abs((f.to as number) - (f.from as number)) < 1e-9, `${f.figure} ${f.from} → ${f.to}`);
    }
  }
  const accuracy = comparison.figures.find((f) => f.name === "accuracy");
  assertEquals(accuracy?.status, "within-noise");
});

Deno.test("no noise floor is larger than the drop a rate can make", () => {
  // Two noisy baseline runs of two cases: the standard error is wide, the rate can fall 0.5 at most.
  const noisy = [
    fakeRun(A, [{ id: "a", statuses: { correct: "pass" } }, {
      id: "b",
      statuses: { correct: "fail" },
    }]),
    fakeRun(A2, [{ id: "a", statuses: { correct: "fail" } }, {
      id: "b",
      statuses: { correct: "pass" },
    }]),
  ];
  const candidate = fakeRun(B, [
    { id: "a", statuses: { correct: "fail" } },
    { id: "b", statuses: { correct: "fail" } },
  ]);
  const all = [
    ...SCENARIOS.map((s) => compareRuns(s.baseline, s.candidate, s)),
    compareRuns(noisy, candidate),
  ];
  for (const comparison of all) {
    for (const f of comparison.figures) {
      if (f.baseline === null) continue;
      ok(f.floor <= f.baseline + 1e-12, `${f.name}: floor ${f.floor} above ${f.baseline}`);
    }
  }
});

Deno.test("each figure's change carries its paired test's 95% interval, in the figure's own units and no wider than a rate can move", () => {
  const lengths = [10, 12, 14, 11, 13, 12, 10, 15];
  const longer = lengths.map((n, i) => n + (i % 3));
  for (const higherIsBetter of [true, false]) {
    const [f] = compareRuns(scored(A, lengths, higherIsBetter), scored(B, longer, higherIsBetter))
      .figures;
    const half = 1.959963984540054 * f.test!.standard_error;
    ok(f.delta! > 0 && f.interval !== null, "the mean rose");
    // The test runs on the negation when lower is better; the interval is of the change shown.
    ok(Math.abs(f.interval.low - (f.delta! - half)) < 1e-12, `${f.interval.low}`);
    ok(Math.abs(f.interval.high - (f.delta! + half)) < 1e-12, `${f.interval.high}`);
  }
  for (const scenario of SCENARIOS) {
    for (const f of compareRuns(scenario.baseline, scenario.candidate, scenario).figures) {
      assertEquals(f.interval === null, f.test === null, `${f.name}: an interval where a test is`);
      if (f.interval === null || f.baseline === null || f.name.startsWith("answer")) continue;
      ok(f.interval.low >= -f.baseline - 1e-12 && f.interval.high <= 1 - f.baseline + 1e-12);
      ok(f.interval.low <= f.interval.high);
    }
  }
});

Deno.test("with one baseline run the reading never claims the baseline's noise", () => {
  const before = fakeRun(A, [
    { id: "a", statuses: { correct: "pass" } },
    { id: "b", statuses: { correct: "pass" } },
    { id: "c", statuses: { correct: "pass" } },
  ]);
  const after = fakeRun(B, [
    { id: "a", statuses: { correct: "pass" } },
    { id: "b", statuses: { correct: "pass" } },
    { id: "c", statuses: { correct: "pass" } },
    { id: "d", statuses: { correct: "fail" } },
  ]);
  const text = headline(compareRuns(before, after));
  ok(!/baseline's noise/.test(text), text);
  // A drop the test could not prove is not called harmless: neither proven nor ruled out.
  ok(/dropped, not proven at alpha 0\.01, nor ruled out .* with 3 cases/.test(text), text);
});
