import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import {
  allFailOutcome,
  falseConfirmationBound,
  onceFailedBound,
  rerunsForFamilyError,
  rerunsForOnceFailed,
} from "../../../core/statistics/all_fail_rule.ts";

Deno.test("the first pass dismisses, k failures in a row confirm, and fewer wait", () => {
  assertEquals(allFailOutcome([], { k: 3 }), "pending");
  assertEquals(allFailOutcome(["fail", "fail"], { k: 3 }), "pending");
  assertEquals(allFailOutcome(["fail", "fail", "fail"], { k: 3 }), "confirmed");
  assertEquals(allFailOutcome(["fail", "fail", "pass"], { k: 3 }), "dismissed");
  assertEquals(allFailOutcome(["pass"], { k: 3 }), "dismissed");
  // Draws after the decision change nothing.
  assertEquals(allFailOutcome(["fail", "fail", "fail", "pass"], { k: 3 }), "confirmed");
});

Deno.test("the bound on one check's false confirmation is the largest over every failure rate", () => {
  for (const runs of [2, 5, 10, 20]) {
    for (const k of [1, 3, 6, 10]) {
      const bound = falseConfirmationBound({ runs, k });
      let largest = 0;
      for (let i = 1; i < 10_000; i++) {
        const q = i / 10_000;
        largest = Math.max(largest, (1 - q) ** runs * q ** (k + 1));
      }
      ok(largest <= bound * (1 + 1e-9), `runs ${runs}, k ${k}: ${largest} > ${bound}`);
      ok(largest >= bound * 0.999, `runs ${runs}, k ${k}: the bound is not attained`);
    }
  }
});

Deno.test("k is the fewest reruns whose union bound is within alpha, and grows with the checks", () => {
  const k = rerunsForFamilyError({ checks: 200, runs: 10, alpha: 0.001, max: 100 });
  ok(200 * falseConfirmationBound({ runs: 10, k }) <= 0.001);
  ok(200 * falseConfirmationBound({ runs: 10, k: k - 1 }) > 0.001);
  const more = rerunsForFamilyError({ checks: 1000, runs: 10, alpha: 0.001, max: 100 });
  const fewerRuns = rerunsForFamilyError({ checks: 200, runs: 5, alpha: 0.001, max: 100 });
  ok(more > k && fewerRuns > k, `${k}, ${more}, ${fewerRuns}`);
  // When no k up to max bounds it, max is returned (the plan then says it is not bounded).
  assertEquals(rerunsForFamilyError({ checks: 200, runs: 2, alpha: 0.001, max: 10 }), 10);
});

Deno.test("the bound with checks that failed once holds at every failure rate, and is reached", () => {
  for (const [runs, k, kOnce] of [[10, 8, 11], [6, 9, 14], [20, 4, 6], [3, 2, 20]]) {
    const bound = onceFailedBound({ runs, k, kOnce });
    let most = 0;
    for (let i = 1; i < 100_000; i++) {
      const q = i / 100_000;
      const chance = (1 - q) ** runs * q ** (k + 1) +
        runs * q * (1 - q) ** (runs - 1) * q ** (kOnce + 1);
      most = Math.max(most, chance);
    }
    ok(bound >= most * (1 - 1e-9), `${runs} ${k} ${kOnce}: ${bound} < ${most}`);
    ok(bound <= most * (1 + 1e-6), `${runs} ${k} ${kOnce}: ${bound} > ${most}`);
  }
  // Two hundred checks at ten runs: k = 8 leaves room for k_once = 11 within 0.1%, and 10 would not do.
  ok(200 * onceFailedBound({ runs: 10, k: 8, kOnce: 11 }) <= 0.001);
  ok(200 * onceFailedBound({ runs: 10, k: 8, kOnce: 10 }) > 0.001);
  assertEquals(rerunsForOnceFailed({ checks: 200, runs: 10, alpha: 0.001, k: 8, max: 20 }), 11);
  assertEquals(rerunsForOnceFailed({ checks: 200, runs: 5, alpha: 0.001, k: 10, max: 20 }), null);
});
