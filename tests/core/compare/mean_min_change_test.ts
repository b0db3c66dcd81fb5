import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { computeFigures } from "../../../core/run/aggregate.ts";
import type { AggregateSpec } from "../../../core/suite/aggregate_spec.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { fakeRun } from "../_runs.ts";

const MEAN: AggregateSpec[] = [{ name: "score", kind: "mean", over: "correct" }];

/** Ten cases scored by `correct`; every case scores `score(i)`. */
function scored(runId: string, score: (i: number) => number): RunDocument {
  const run = fakeRun(
    runId,
    Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, statuses: { correct: "pass" } })),
    { aggregates: MEAN },
  );
  const cases = run.cases.map((c, i) => ({
    ...c,
    verdicts: c.verdicts.map((v) => ({ ...v, score: score(i) })),
  }));
  return {
    ...run,
    cases,
    figures: computeFigures(MEAN, { assertions: run.assertions, cases }),
  };
}

const BASELINE = Array.from(
  { length: 10 },
  (_, r) => scored(`20261130-000000-${String(r).padStart(3, "0")}-aaaaaa`, () => 0.9),
);
const B = "20261130-000009-000-bbbbbb";

Deno.test("a mean figure with a constant baseline is not worse for a drop under min_change", () => {
  // 0.900 → 0.895: every case of ten scores 0.895, each below all of its ten baseline scores:
  // the exact test puts that at (1/11)^10, far past alpha.
  const result = compareRuns(BASELINE, scored(B, () => 0.895));
  const figure = result.figures.find((f) => f.name === "score");
  ok((figure?.test?.p_value ?? 1) < 0.001, "the drop is significant; min_change must excuse it");
  assertEquals(figure?.status, "within-noise");
  assertEquals(result.verdict, 0);
});

Deno.test("a mean figure that drops by min_change or more is worse when significant", () => {
  const result = compareRuns(BASELINE, scored(B, () => 0.88));
  assertEquals(result.figures.find((f) => f.name === "score")?.status, "worse");
  assertEquals(result.verdict, 1);
});
