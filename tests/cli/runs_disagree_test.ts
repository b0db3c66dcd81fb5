import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { cli } from "./_cli.ts";
import { baselineOfHours, compareSeeded } from "./_hours.ts";

/**
 * Sixty cases that fail together by run, as in a provider's bad hours: the five baseline runs
 * (seeds 1–5) fail 10, 0, 10, 0 and 5 of them, each case in one run only; a candidate seeded
 * 100 fails 25 cases that passed in every baseline run, one seeded 200 fails 55.
 */
const FIVE_HOURS: Record<number, [number, number]> = {
  1: [0, 10],
  2: [0, 0],
  3: [10, 20],
  4: [0, 0],
  5: [20, 25],
  100: [30, 55],
  200: [5, 60],
};

Deno.test("compare exits 2 when the baseline's runs disagree and its runs are too few to tell a drop from their spread, naming the runs that would do", async () => {
  const cwd = await baselineOfHours(FIVE_HOURS, { runs: 5 });
  const { text, document } = await compareSeeded(cwd, 100);
  // Case by case, 25 stable checks failing where about 4 were expected is far beyond chance;
  // run against run, 25 failures against runs of 10, 0, 10, 0 and 5 is not, with five runs.
  assertEquals(text.code, 2, text.stdout + text.stderr);
  assertEquals(document.verdict, 2);
  ok(document.flip_test !== null && document.flip_test !== undefined);
  ok(document.flip_test.p_value <= document.flip_test.alpha, String(document.flip_test.p_value));
  ok((document.flip_test.run_p_value ?? 0) > document.flip_test.alpha);
  assertEquals(document.run_noise?.counted_runs, true);
  assertEquals(document.run_noise?.runs_needed, 7);
  const facts = document.facts.filter((f) => f.kind === "runs-too-few");
  assertEquals(facts.map((f) => [f.figure, f.from, f.to]), [
    ["accuracy", 5, 7],
    [undefined, 5, 7],
  ]);
  assertEquals(document.facts.some((f) => f.kind === "stable-flips-worse"), false);
  assertEquals(document.facts.some((f) => f.kind === "figure-worse"), false);
  match(
    text.stdout,
    /not judged: accuracy is worse case by case, not run against run \(p 0\.\d+\), and more stable checks failed than the baseline's runs explain case by case \(25 cases\), not run against run \(p 0\.\d+\); the baseline's runs disagree more than their cases explain, and 5 runs can not tell a drop this size from their own spread: 7 runs would \(digline promote RUN --repeats 7 --because TEXT\)/,
  );
  match(
    text.stdout,
    /the figure's test counted runs: with these 5 runs it finds a drop of 0\.\d{4} or more \(power 0\.9\)/,
  );
  ok(!text.stdout.includes("within the baseline's history"), text.stdout);
  const explain = await cli(["explain"], { cwd });
  match(
    explain.stdout,
    /runs-too-few {2}accuracy {2}5 runs → 7 runs {2}resolve: digline promote RUN --repeats 7/,
  );
  match(explain.stdout, /runs-too-few {2}stable flips {2}5 runs → 7 runs/);
});

Deno.test("compare exits 1 when the baseline's runs disagree and the drop is worse run against run too, and says the test counted runs", async () => {
  const cwd = await baselineOfHours(FIVE_HOURS, { runs: 5 });
  const { text, document } = await compareSeeded(cwd, 200);
  assertEquals(text.code, 1, text.stdout + text.stderr);
  assertEquals(document.run_noise?.counted_runs, true);
  ok((document.run_noise?.run_p_value ?? 1) <= 0.005);
  assertEquals(document.facts.some((f) => f.kind === "runs-too-few"), false);
  assertEquals(document.facts.some((f) => f.kind === "figure-worse"), true);
  match(
    text.stdout,
    /the figure's test counted runs: with these 5 runs it finds a drop of 0\.\d{4} or more \(power 0\.9\) \(run against run p /,
  );
});
