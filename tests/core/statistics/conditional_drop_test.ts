import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { conditionalDropPValue } from "../../../core/statistics/conditional_drop.ts";
import { exactDropPValue } from "../../../core/statistics/exact_drop.ts";
import { pairedDropTest } from "../../../core/statistics/paired_drop.ts";
import {
  falseConfirmationBound,
  rerunsForFamilyError,
  runsForFamilyError,
} from "../../../core/statistics/all_fail_rule.ts";

/** Every way of giving each of `length` draws pass (1) or fail (0), with its chance at rate p. */
function outcomes(length: number, p: number): { draws: number[]; chance: number }[] {
  const all: { draws: number[]; chance: number }[] = [];
  for (let mask = 0; mask < 2 ** length; mask++) {
    const draws = Array.from({ length }, (_, i) => (mask >> i) & 1);
    const passes = draws.reduce((s, v) => s + v, 0);
    all.push({ draws, chance: p ** passes * (1 - p) ** (length - passes) });
  }
  return all;
}

/**
 * The test's exact false-alarm rate over every outcome of three cases, each with `b` baseline
 * and its own m candidate draws at its own pass rate: P(p-value ≤ alpha) for an unchanged system.
 */
function exactLevel(
  cases: { p: number; m: number }[],
  options: {
    b: number;
    alpha: number;
    test: (c: { baseline: number[]; candidate: number[] }[]) => number;
  },
): number {
  const each = cases.map((c) => outcomes(options.b + c.m, c.p));
  let level = 0;
  const walk = (
    i: number,
    chosen: { baseline: number[]; candidate: number[] }[],
    chance: number,
  ) => {
    if (i === cases.length) {
      if (options.test(chosen) <= options.alpha) level += chance;
      return;
    }
    for (const o of each[i]) {
      walk(i + 1, [...chosen, {
        baseline: o.draws.slice(0, options.b),
        candidate: o.draws.slice(options.b),
      }], chance * o.chance);
    }
  };
  walk(0, [], 1);
  return level;
}

Deno.test("the exact test's false-alarm rate is at most alpha, computed over every outcome of unequal draws a side", () => {
  // Three cases at p = 0.9 (the mix where the old approximation ran furthest over), three
  // baseline draws; one case drawn three times, as --confirm's planned draws make it.
  const cases = [{ p: 0.9, m: 3 }, { p: 0.9, m: 1 }, { p: 0.9, m: 1 }];
  for (const alpha of [0.01, 0.02, 0.05, 0.1, 0.2]) {
    const exact = exactLevel(cases, {
      b: 3,
      alpha,
      test: (c) => conditionalDropPValue(c, { binary: true }) ?? 1,
    });
    ok(exact <= alpha + 1e-12, `alpha ${alpha}: exact test alarms ${exact}`);
  }
});

Deno.test("the exact test is the enumeration of every equally likely split of each case's draws", () => {
  // Unequal draws a side (repeats, planned draws), checked against brute force.
  const cases = [
    { baseline: [1, 0, 1], candidate: [0, 0] },
    { baseline: [1, 1, 1], candidate: [1, 0] },
    { baseline: [0, 1, 1], candidate: [1, 0, 0] },
  ];
  const splits = cases.map((c) => {
    const all = [...c.baseline, ...c.candidate];
    const sums: number[] = [];
    const pick = (start: number, chosen: number[]) => {
      if (chosen.length === c.candidate.length) {
        sums.push(chosen.reduce((s, i) => s + all[i], 0));
        return;
      }
      for (let i = start; i < all.length; i++) pick(i + 1, [...chosen, i]);
    };
    pick(0, []);
    return sums;
  });
  const observed = cases.reduce((s, c) => s + c.candidate.reduce((t, v) => t + v, 0), 0);
  let below = 0;
  let total = 0;
  const walk = (i: number, sum: number, weight: number) => {
    if (i === splits.length) {
      total += weight;
      if (sum <= observed) below += weight;
      return;
    }
    for (const s of splits[i]) walk(i + 1, sum + s, weight / splits[i].length);
  };
  walk(0, 0, 1);
  ok(Math.abs((conditionalDropPValue(cases, { binary: true }) ?? 0) - below / total) < 1e-12);
  // One draw a case against equal runs: the same test as ADR 0033's Poisson-binomial.
  const plain = Array.from({ length: 12 }, (_, i) => ({
    baseline: [1, i % 3 === 0 ? 0 : 1, 1, 1],
    candidate: [i < 3 ? 0 : 1],
  }));
  const a = conditionalDropPValue(plain, { binary: true }) ?? 0;
  ok(Math.abs(a - (exactDropPValue(plain) ?? 1)) < 1e-12);
});

Deno.test("scores are tested exactly too: a mean figure's drop with repeats", () => {
  // Ten cases scoring 0.8 or 0.9 in every baseline draw; each scores lower now.
  const cases = Array.from({ length: 10 }, (_, i) => ({
    baseline: Array(6).fill(i % 2 === 0 ? 0.8 : 0.9),
    candidate: [i % 2 === 0 ? 0.7 : 0.8, i % 2 === 0 ? 0.75 : 0.85],
  }));
  // Each case's two draws are the two lowest of eight: 1/28 each, independent.
  const p = conditionalDropPValue(cases, { binary: false }) ?? 1;
  ok(Math.abs(p - (1 / 28) ** 10) < 1e-20, `p ${p}`);
  assertEquals(
    conditionalDropPValue(cases.map((c) => ({ ...c, candidate: c.baseline.slice(0, 2) })), {
      binary: false,
    }),
    1,
  );
  const test = pairedDropTest(cases, { binary: false, exact: true });
  assertEquals(test?.method, "exact");
});

Deno.test("the confirmations' bound holds wherever --confirm runs, and is refused below: every size and baseline up to 30 runs", () => {
  for (const checks of [1, 6, 50, 200, 1000, 10_000]) {
    for (let runs = 1; runs <= 30; runs++) {
      const k = rerunsForFamilyError({ checks, runs, alpha: 0.001, max: 10 });
      const holds = checks * falseConfirmationBound({ runs, k }) <= 0.001;
      // Where k holds, its worst case over every failure rate (a fine grid) is within alpha.
      if (holds) {
        let worst = 0;
        for (let i = 1; i < 2000; i++) {
          const q = i / 2000;
          worst = Math.max(worst, (1 - q) ** runs * q ** (k + 1));
        }
        ok(checks * worst <= 0.001, `${checks} checks, ${runs} runs, k ${k}`);
      }
      // And it holds exactly from the runs runsForFamilyError names.
      const needed = runsForFamilyError({ checks, k: 10, alpha: 0.001, max: 1000 });
      assertEquals(holds, needed !== null && runs >= needed, `${checks} checks, ${runs} runs`);
    }
  }
  // Three runs, 200 checks (issue 27's worst case, 13% false alarms at k = 10): refused.
  ok(200 * falseConfirmationBound({ runs: 3, k: 10 }) > 0.001);
  assertEquals(runsForFamilyError({ checks: 200, k: 10, alpha: 0.001, max: 1000 }), 8);
});
