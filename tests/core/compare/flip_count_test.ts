import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { flipCountTest } from "../../../core/compare/flip_count.ts";
import { checkHistory } from "../../../core/compare/check_history.ts";
import { poissonBinomialUpperTail } from "../../../core/statistics/poisson_binomial.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import type { VerdictStatus } from "../../../core/verdict.ts";
import { fakeRun } from "../_runs.ts";

const B = "20261130-000009-000-bbbbbb";

function runOf(index: number, statuses: VerdictStatus[]): RunDocument {
  return fakeRun(
    `20261130-000000-${String(index).padStart(3, "0")}-aaaaaa`,
    statuses.map((s, i) => ({ id: `c${i}`, statuses: { correct: s } })),
  );
}

/** B runs of `cases` single-check cases that all pass, then a candidate failing `failing`. */
function stableBaseline(options: { runs: number; cases: number; failing: number }) {
  const runs = Array.from(
    { length: options.runs },
    (_, r) => runOf(r, Array(options.cases).fill("pass")),
  );
  const candidate = fakeRun(
    B,
    Array.from({ length: options.cases }, (_, i) => ({
      id: `c${i}`,
      statuses: { correct: i < options.failing ? "fail" as const : "pass" as const },
    })),
  );
  return { runs, candidate };
}

Deno.test("the Poisson-binomial tail matches the binomial one when every chance is equal", () => {
  // P(Bin(5, 0.2) ≥ 2) = 1 − 0.8⁵ − 5·0.2·0.8⁴.
  const expected = 1 - 0.8 ** 5 - 5 * 0.2 * 0.8 ** 4;
  ok(Math.abs(poissonBinomialUpperTail(Array(5).fill(0.2), 2) - expected) < 1e-15);
  assertEquals(poissonBinomialUpperTail([0.3, 0.3], 3), 0);
  assertEquals(poissonBinomialUpperTail([], 0), 1);
});

Deno.test("a case counts with chance m/(B+1), m its runs that are a lone failure of a check", () => {
  // Three baseline runs. c0 failed once (run 1): m = 1. c1 failed twice: no lone failure, m = 0.
  // c2 never failed and fails now: m = 1 and it counts. c3 never failed: m = 0.
  const runs = [
    runOf(0, ["pass", "fail", "pass", "pass"]),
    runOf(1, ["fail", "fail", "pass", "pass"]),
    runOf(2, ["pass", "pass", "pass", "pass"]),
  ];
  const candidate = runOf(3, ["pass", "pass", "fail", "pass"]);
  const test = flipCountTest(candidate.cases, {
    history: checkHistory(runs),
    runs: 3,
    alpha: 0.005,
  });
  assertEquals(test.failed, 1);
  assertEquals(test.at_risk, 2);
  assertEquals(test.expected, 0.5);
  // One or more of two cases each counted with chance 1/4: 1 − (3/4)².
  ok(Math.abs(test.p_value - (1 - 0.75 ** 2)) < 1e-15);
});

Deno.test("against ten clean runs two broken stable cases are reported; three gate", () => {
  const two = stableBaseline({ runs: 10, cases: 40, failing: 2 });
  const reported = compareRuns(two.runs, two.candidate);
  // (1/11)² = 0.0083 is above the count's share of alpha (0.005).
  ok(Math.abs((reported.flip_test?.p_value ?? 0) - 1 / 121) < 1e-12);
  assertEquals(reported.facts.filter((f) => f.kind === "stable-flip").length, 2);
  assertEquals(reported.facts.some((f) => f.kind === "stable-flips-worse"), false);
  const three = stableBaseline({ runs: 10, cases: 40, failing: 3 });
  const gated = compareRuns(three.runs, three.candidate);
  assertEquals(gated.verdict, 1);
  const worse = gated.facts.find((f) => f.kind === "stable-flips-worse");
  assertEquals(worse?.to, 3);
});

Deno.test("lone failures in the baseline's history make three stable flips ordinary", () => {
  // Ten runs of 40 cases: c0..c29 each failed alone in one run, c30..c39 never failed. Now three
  // of the never-failing ones fail. Against a clean history three flips gate (test above); here
  // the history shows a lone failure is common (30 at risk), so three is no evidence of a break.
  const runs = Array.from(
    { length: 10 },
    (_, r) =>
      runOf(
        r,
        Array.from({ length: 40 }, (_, i) =>
          (i < 30 && i % 10 === r ? "fail" : "pass") as VerdictStatus),
      ),
  );
  const candidate = runOf(10, Array.from({ length: 40 }, (_, i) => i >= 37 ? "fail" : "pass"));
  const result = compareRuns(runs, candidate);
  assertEquals(result.flip_test?.failed, 3);
  assertEquals(result.flip_test?.at_risk, 33);
  ok(
    Math.abs(
      (result.flip_test?.p_value ?? 0) - poissonBinomialUpperTail(Array(33).fill(1 / 11), 3),
    ) < 1e-15,
  );
  ok((result.flip_test?.p_value ?? 0) > 0.3);
  assertEquals(result.facts.some((f) => f.kind === "stable-flips-worse"), false);
});

Deno.test("one baseline run or --confirm: no count test", () => {
  const one = stableBaseline({ runs: 1, cases: 10, failing: 1 });
  const result = compareRuns(one.runs, one.candidate);
  assertEquals(result.flip_test, null);
  assertEquals(result.facts.find((f) => f.case_id === "c0")?.kind, "regression");
});

Deno.test("the count test keeps its level on 1,000 noisy cases where B + 1 runs are exchangeable", () => {
  // The detection bench's mix at N = 1,000 (70% of cases pass 98% of the time, 10% 2%, 20%
  // between 0.3 and 0.9), 1,500 unchanged candidates against fresh ten-run baselines. The count
  // test is exact given each case's B + 1 runs, so p ≤ 0.01 may happen at most 1% of the time,
  // whatever the pass rates; a test that ran over (bench: 1.30% in 1,000 cycles of plain
  // compare at this size) would show here.
  let state = 20261201;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const rates = Array.from(
    { length: 1000 },
    (_, i) => i < 700 ? 0.98 : i < 800 ? 0.02 : 0.3 + 0.6 * random(),
  );
  const runs = 10;
  const status = (p: number): VerdictStatus => random() < p ? "pass" : "fail";
  const verdict = (s: VerdictStatus) => ({
    assertion_id: "correct",
    assertion: "correct",
    status: s,
    metadata: {},
  });
  let alarms = 0;
  const trials = 1500;
  for (let t = 0; t < trials; t++) {
    const history = new Map(
      rates.map((p, i) => [
        `c${i}`,
        new Map([["correct", Array.from({ length: runs }, () => status(p))]]),
      ]),
    );
    const candidate = rates.map((p, i) => ({
      case_id: `c${i}`,
      kind: "normal" as const,
      verdicts: [verdict(status(p))],
      latency_ms: 0,
      attempts: 1,
    }));
    if (flipCountTest(candidate, { history, runs, alpha: 0.01 }).p_value <= 0.01) alarms += 1;
  }
  // 1% of 1,500 is 15; its binomial upper 99.9% bound is about 27.
  ok(alarms <= 27, `${alarms} alarms in ${trials}`);
});
