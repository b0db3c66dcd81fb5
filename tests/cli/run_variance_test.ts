import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { baselineOfHours, compareSeeded } from "./_hours.ts";

/**
 * Sixty cases, ten baseline runs (seeds 1–10) that fail 6, 0, 5, 1, 6, 0, 4, 2, 5 and 1 of
 * cases 0–29, each case in one run only: the runs vary twice as much as independent cases would
 * (p about 0.035), which ten runs do not call strong enough to count runs outright (ADR 0123).
 * A candidate seeded 100 fails 10 of cases 30–59, which passed in every run; one seeded 200
 * fails 25 of them.
 */
const TEN_HOURS: Record<number, [number, number]> = {
  1: [0, 6],
  2: [6, 6],
  3: [6, 11],
  4: [11, 12],
  5: [12, 18],
  6: [18, 18],
  7: [18, 22],
  8: [22, 24],
  9: [24, 29],
  10: [29, 30],
  100: [30, 40],
  200: [30, 55],
};

Deno.test("compare adds the runs' own variance to its tests: a dip within ten runs' spread beyond their cases is within noise, and the reading says so", async () => {
  const cwd = await baselineOfHours(TEN_HOURS, { runs: 10 });
  const { text, document } = await compareSeeded(cwd, 100);
  assertEquals(text.code, 0, text.stdout + text.stderr);
  const noise = document.run_noise;
  ok(noise !== null && noise !== undefined);
  assertEquals(noise.counted_runs, undefined);
  ok((noise.run_variance ?? 0) > 0, JSON.stringify(noise));
  // Case by case, both tests are past their level; with the runs' variance added, neither is.
  const figure = document.figures.find((f) => f.role === "primary");
  ok((figure?.test?.p_value ?? 1) <= 0.005, JSON.stringify(figure?.test));
  ok((noise.figure_p_value_with_runs ?? 0) > 0.005, JSON.stringify(noise));
  assertEquals(figure?.status, "within-noise");
  const count = document.flip_test;
  ok(count !== null && count !== undefined && count.p_value <= count.alpha, JSON.stringify(count));
  ok((count.p_value_with_runs ?? 0) > count.alpha, JSON.stringify(count));
  assertEquals(document.facts.some((f) => f.kind === "stable-flips-worse"), false);
  match(
    text.stdout,
    /the tests added the runs' own variance \(accuracy moves by about \S+ a run beyond what its cases explain\): accuracy's drop has p \S+ with it \(\S+ case by case\), and the count of stable flips p \S+ \(\S+\): within the runs' spread; a fresh run tells a bad hour from a drop; 10 stable checks failed, each counted in the figures \(c0030 · correct/,
  );
});

Deno.test("compare still alarms on a drop past what the runs' own variance explains, and reads the p-values with it added", async () => {
  const cwd = await baselineOfHours(TEN_HOURS, { runs: 10 });
  const { text, document } = await compareSeeded(cwd, 200);
  assertEquals(text.code, 1, text.stdout + text.stderr);
  ok((document.run_noise?.figure_p_value_with_runs ?? 1) <= 0.005);
  assertEquals(document.facts.some((f) => f.kind === "figure-worse"), true);
  assertEquals(document.facts.some((f) => f.kind === "stable-flips-worse"), true);
  match(
    text.stdout,
    /the tests added the runs' own variance \(accuracy moves by about \S+ a run beyond what its cases explain\): accuracy's drop has p \S+ with it \(\S+ case by case\), and the count of stable flips p \S+ \(\S+\): worse with it too/,
  );
});
