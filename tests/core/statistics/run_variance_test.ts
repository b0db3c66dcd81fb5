import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { runVariance, withRunVariance } from "../../../core/statistics/run_variance.ts";

/** Forty cases over ten runs, each failing once: in runs 0, 3 and 6 together, or spread evenly. */
const together = Array.from(
  { length: 40 },
  (_, i) => Array.from({ length: 10 }, (_, r) => (i < 36 && r === 3 * Math.floor(i / 12) ? 0 : 1)),
);
const apart = Array.from(
  { length: 40 },
  (_, i) => Array.from({ length: 10 }, (_, r) => (r === Math.floor(i / 4) ? 0 : 1)),
);

Deno.test("the runs' own variance is their spread beyond what independent cases give, and none when the cases explain it", () => {
  const shared = runVariance(together);
  ok(shared !== null);
  assertEquals([shared.df, shared.cases], [9, 40]);
  // Each of the 36 cases that failed once gives a run's total 0.9 / 9 = 0.1 of variance apart.
  ok(Math.abs(shared.within - 3.6) < 1e-9, String(shared.within));
  ok(shared.between > 5 * shared.within, JSON.stringify(shared));
  const even = runVariance(apart);
  ok(even !== null);
  assertEquals(even.between, 0);
  assertEquals(runVariance([[1, 0], [0, 1]]), null);
});

Deno.test("with no run-level variance the p-value is the case-level one, and with some it is larger, read on fewer degrees of freedom as the runs' part grows", () => {
  assertEquals(withRunVariance(0.003, { caseVariance: 2, runVariance: 0, df: 12 }), {
    p_value: 0.003,
    df: null,
  });
  const small = withRunVariance(0.003, { caseVariance: 2, runVariance: 0.2, df: 12 });
  const large = withRunVariance(0.003, { caseVariance: 2, runVariance: 2, df: 12 });
  ok(small.p_value > 0.003 && large.p_value > small.p_value, JSON.stringify([small, large]));
  ok((small.df ?? 0) > (large.df ?? 0));
  // The runs' part alone: Student's t on the runs' own degrees of freedom.
  const runsOnly = withRunVariance(0.003, { caseVariance: 1e-9, runVariance: 1, df: 12 });
  ok(Math.abs((runsOnly.df ?? 0) - 12) < 1e-6, JSON.stringify(runsOnly));
  // A rise stays a rise: the one-sided p-value of an improvement is above one half either way.
  ok(withRunVariance(0.9, { caseVariance: 1, runVariance: 1, df: 12 }).p_value > 0.5);
});
