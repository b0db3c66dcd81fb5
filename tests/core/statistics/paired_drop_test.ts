import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { unitVariances } from "../../../core/statistics/case_variance.ts";
import { minDetectableDrop } from "../../../core/statistics/min_detectable_drop.ts";
import { pairedDropTest } from "../../../core/statistics/paired_drop.ts";
import { sequentialOutcome } from "../../../core/statistics/sequential_probability_ratio.ts";

const stable = (n: number) => Array<number>(n).fill(1);

Deno.test("a case whose draws all agree still has a variance: the stable cases' shared flip rate", () => {
  // Ten stable cases of 11 draws, one of them with a flip: θ = (1 + ½) / (110 + 1).
  const draws = [...Array.from({ length: 9 }, () => stable(11)), [...stable(10), 0]];
  const variances = unitVariances(draws, { binary: true });
  const theta = 1.5 / 111;
  for (const v of variances) assertEquals(v, theta * (1 - theta));
  // A noisy case keeps its own unbiased estimate.
  assertEquals(unitVariances([[1, 0, 1, 0]], { binary: true }), [(0.5 * 0.5 * 4) / 3]);
  // Scores keep the per-case sample variance, 0 when they agree.
  assertEquals(unitVariances([[0.5, 0.5], [0, 1]], { binary: false }), [0, 0.5]);
});

Deno.test("identical sides give no difference and a p-value near one half", () => {
  // Two candidate draws a case: the normal approximation's shape.
  const cases = Array.from({ length: 20 }, () => ({ baseline: stable(3), candidate: [1, 1] }));
  const test = pairedDropTest(cases, { binary: true });
  assertEquals(test?.difference, 0);
  assertEquals(test?.z, 0);
  assertEquals(test?.method, "normal");
  // Not exactly ½: the skewness term moves the median of a skewed sum off its mean.
  ok(Math.abs((test?.p_value ?? 0) - 0.5) < 0.07);
  assertEquals(pairedDropTest([], { binary: true }), null);
});

Deno.test("one draw a case against several runs: the exact p-value, 1 when nothing failed", () => {
  const same = Array.from({ length: 20 }, () => ({ baseline: stable(3), candidate: [1] }));
  assertEquals(pairedDropTest(same, { binary: true })?.p_value, 1);
  assertEquals(pairedDropTest(same, { binary: true })?.method, "exact");
  // Three of twenty stable cases fail: each with chance 1/4 given its history, (1/4)³.
  const broken = same.map((c, i) => ({ ...c, candidate: [i < 3 ? 0 : 1] }));
  ok(Math.abs((pairedDropTest(broken, { binary: true })?.p_value ?? 0) - 1 / 64) < 1e-15);
  // One baseline run measured no noise: the approximation stays.
  const single = broken.map((c) => ({ ...c, baseline: [1] }));
  assertEquals(pairedDropTest(single, { binary: true })?.method, "normal");
});

Deno.test("the exact test keeps its alpha on a noisy suite where B + 1 draws are exchangeable", () => {
  // 200 cases, pass rates as the detection bench's; 4,000 unchanged candidates against fresh
  // ten-run baselines. The rate of p ≤ 0.01 must not exceed 1% beyond sampling error.
  let state = 20261130;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const rates = Array.from(
    { length: 200 },
    (_, i) => i < 140 ? 0.98 : i < 160 ? 0.02 : 0.3 + 0.6 * random(),
  );
  let alarms = 0;
  const trials = 4000;
  for (let t = 0; t < trials; t++) {
    const cases = rates.map((p) => ({
      baseline: Array.from({ length: 10 }, () => (random() < p ? 1 : 0)),
      candidate: [random() < p ? 1 : 0],
    }));
    if ((pairedDropTest(cases, { binary: true })?.p_value ?? 1) <= 0.01) alarms += 1;
  }
  // 1% of 4,000 is 40; its binomial upper 99.9% bound is about 61.
  ok(alarms <= 61, `${alarms} alarms in ${trials}`);
});

Deno.test("the paired test pairs each case with itself: a case added on one side is not a drop", () => {
  const same = { baseline: [1, 1, 0, 1], candidate: [1, 1] };
  const test = pairedDropTest([same, same, { baseline: [], candidate: [0] }], { binary: true });
  assertEquals(test?.difference, 0.25);
  const both = pairedDropTest([same, same], { binary: true });
  assertEquals(both?.difference, 0.25, "the case without baseline draws is left out");
});

Deno.test("a large drop across many cases is significant; one flip among many is not", () => {
  const broken = Array.from({ length: 100 }, (_, i) => ({
    baseline: stable(10),
    candidate: [i < 10 ? 0 : 1],
  }));
  ok((pairedDropTest(broken, { binary: true })?.p_value ?? 1) < 0.001);
  const oneFlip = broken.map((c, i) => ({ ...c, candidate: [i === 0 ? 0 : 1] }));
  ok((pairedDropTest(oneFlip, { binary: true })?.p_value ?? 0) > 0.01);
});

Deno.test("the minimum detectable drop shrinks with more baseline runs and more draws", () => {
  const suite = (runs: number, draws: number) =>
    Array.from({ length: 200 }, (_, i) => ({
      baseline: Array.from({ length: runs }, (_, r) => (i % 5 === 0 ? r % 2 : 1)),
      draws,
    }));
  const settings = { alpha: 0.01, power: 0.9, binary: true };
  const few = minDetectableDrop(suite(4, 1), settings) ?? 0;
  const many = minDetectableDrop(suite(20, 1), settings) ?? 0;
  const drawn = minDetectableDrop(suite(20, 3), settings) ?? 0;
  ok(few > many && many > drawn, `${few} > ${many} > ${drawn}`);
  assertEquals(minDetectableDrop([], settings), null);
});

Deno.test("the sequential test confirms a repeated failure, dismisses repeated passes, and caps", () => {
  assertEquals(sequentialOutcome(["fail", "fail", "fail", "fail"], { maxDraws: 6 }), "pending");
  assertEquals(
    sequentialOutcome(["fail", "fail", "fail", "fail", "fail"], { maxDraws: 6 }),
    "confirmed",
  );
  assertEquals(sequentialOutcome(["pass", "pass", "pass", "pass"], { maxDraws: 6 }), "dismissed");
  // One pass never dismisses a break on its own.
  assertEquals(sequentialOutcome(["pass"], { maxDraws: 6 }), "pending");
  assertEquals(
    sequentialOutcome(["fail", "pass", "fail", "pass", "fail", "pass"], { maxDraws: 6 }),
    "undecided",
  );
});
