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
