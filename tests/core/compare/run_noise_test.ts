import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { headline } from "../../../core/compare/headline.ts";
import { runLevelNoise } from "../../../core/statistics/run_level_noise.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { fakeRun } from "../_runs.ts";

const CASES = 40;

/** A run of forty cases in which the listed ones fail. */
function run(id: string, failing: ReadonlySet<number>): RunDocument {
  return fakeRun(
    id,
    Array.from({ length: CASES }, (_, i) => ({
      id: `c${i}`,
      statuses: { correct: failing.has(i) ? "fail" as const : "pass" as const },
    })),
  );
}

const id = (r: number) => `20261201-000000-${String(r).padStart(3, "0")}-aaaaaa`;
const range = (from: number, count: number) =>
  new Set(Array.from({ length: count }, (_, k) => from + k));

/**
 * Ten runs in which a bad hour (runs 1, 4 and 7) fails twelve cases together; in the others only
 * cases 36–39 fail, two at a time. Each of cases 0–35 failed once, as in the baseline below.
 */
const TOGETHER = Array.from({ length: 10 }, (_, r) =>
  run(
    id(r),
    r % 3 === 1 ? range(12 * ((r - 1) / 3), 12) : new Set([36 + (r % 4), 36 + ((r + 1) % 4)]),
  ));

/** The same failures of cases 0–39, one each, spread evenly: every run fails four. */
const APART = Array.from({ length: 10 }, (_, r) => run(id(r), range(4 * r, 4)));

/** A bad hour now: fourteen cases fail. */
const CANDIDATE = run("20261201-000001-000-bbbbbb", range(0, 14));

Deno.test("the runs' spread is measured against independent cases': cases failing together are flagged, apart are not", () => {
  const values = (runs: RunDocument[]) =>
    Array.from(
      { length: CASES },
      (_, i) => runs.map((r) => (r.cases[i].verdicts[0].status === "pass" ? 1 : 0)),
    );
  const together = runLevelNoise(values(TOGETHER));
  ok(together !== null && together.at_risk && together.p_value <= 0.01, JSON.stringify(together));
  ok(together.ratio > 3);
  const apart = runLevelNoise(values(APART));
  ok(apart !== null && !apart.at_risk && apart.ratio < 1, JSON.stringify(apart));
});

Deno.test("a baseline whose cases fail together widens the verdict: a drop must also show run against run, and the reading says why", () => {
  // Case by case, fourteen failures where each case failed once in ten runs is far past alpha.
  const apart = compareRuns(APART, CANDIDATE);
  assertEquals(apart.figures[0].status, "worse");
  assertEquals(apart.verdict, 1);
  assertEquals(apart.run_noise?.at_risk, false);
  // Against runs that failed together, the same run is a bad hour like three of theirs.
  const together = compareRuns(TOGETHER, CANDIDATE);
  assertEquals(together.run_noise?.widened, true);
  ok((together.run_noise?.run_p_value ?? 0) > 0.01);
  assertEquals(together.figures[0].status, "within-noise");
  assertEquals(together.verdict, 0);
  match(headline(together), /run-level noise: the baseline's 10 runs vary \d+\.\d times as much/);
  match(headline(together), /the figure did not drop run against run \(p 0\.\d+\): within noise/);
  // A drop far past a bad hour is still worse run against run.
  const collapse = compareRuns(TOGETHER, run("20261201-000002-000-cccccc", range(0, 30)));
  assertEquals(collapse.verdict, 1);
  assertEquals(collapse.run_noise?.widened, false);
});

/**
 * Ten runs of sixty cases in which cases 0–29 fail once each, 6, 0, 5, 1, 6, 0, 4, 2, 5 and 1
 * of them a run: the runs vary about twice as much as independent cases would (p near 0.035),
 * short of what counts runs outright at ten runs (runNoiseWiden).
 */
const HOURS = [6, 0, 5, 1, 6, 0, 4, 2, 5, 1];
function sixty(runId: string, failing: ReadonlySet<number>): RunDocument {
  return fakeRun(
    runId,
    Array.from({ length: 60 }, (_, i) => ({
      id: `c${i}`,
      statuses: { correct: failing.has(i) ? "fail" as const : "pass" as const },
    })),
  );
}
const MODERATE = HOURS.map((k, r) =>
  sixty(id(r), range(HOURS.slice(0, r).reduce((a, b) => a + b, 0), k))
);
/** The same thirty failures, three a run. */
const EVEN = HOURS.map((_, r) => sixty(id(r), range(3 * r, 3)));

Deno.test("plain compare adds the runs' own variance to the figure's test and the count: a dip within ten runs' spread beyond their cases is within noise", () => {
  const dip = sixty("20261201-000003-000-dddddd", range(30, 10));
  const moderate = compareRuns(MODERATE, dip);
  assertEquals(moderate.run_noise?.counted_runs, undefined);
  ok((moderate.run_noise?.run_variance ?? 0) > 0, JSON.stringify(moderate.run_noise));
  ok((moderate.figures[0].test?.p_value ?? 1) <= 0.005);
  ok((moderate.run_noise?.figure_p_value_with_runs ?? 0) > 0.005);
  assertEquals(moderate.figures[0].status, "within-noise");
  ok((moderate.flip_test?.p_value ?? 1) <= 0.005);
  ok((moderate.flip_test?.p_value_with_runs ?? 0) > 0.005);
  assertEquals(moderate.verdict, 0);
  match(
    headline(moderate),
    /the tests added the runs' own variance \(accuracy moves by about \S+ a run beyond/,
  );
  match(headline(moderate), /within the runs' spread; a fresh run tells a bad hour from a drop/);
  match(
    headline(moderate),
    /; 10 stable checks failed, each counted in the figures \(c30 · correct/,
  );
});

Deno.test("runs whose cases explain their spread add no variance: the case-level verdict stands", () => {
  const dip = sixty("20261201-000003-000-dddddd", range(30, 10));
  const even = compareRuns(EVEN, dip);
  assertEquals(even.run_noise?.run_variance, 0);
  assertEquals(even.run_noise?.figure_p_value_with_runs, even.figures[0].test?.p_value);
  assertEquals(even.flip_test?.p_value_with_runs, even.flip_test?.p_value);
  assertEquals(even.verdict, 1);
  ok(!headline(even).includes("the tests added the runs' own variance"), headline(even));
});
