import { deepStrictEqual as assertEquals, match, ok, throws } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import type { ConfirmationDocument } from "../../../core/compare/confirmation_document.ts";
import {
  confirmShortfall,
  planConfirmation,
  SCREEN_COST,
  SCREEN_THRESHOLD,
  screenThreshold,
} from "../../../core/compare/confirmation_plan.ts";
import { headline } from "../../../core/compare/headline.ts";
import { noisyChance } from "../../../core/compare/baseline_measure.ts";
import { pairedDropTest } from "../../../core/statistics/paired_drop.ts";
import { DEFAULT_GATE_SETTINGS } from "../../../core/suite/gate_settings.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { type FakeCase, fakeRun, IDS } from "../_runs.ts";
import { playConfirmation } from "../_confirmations.ts";

const A = "20261130-000000-000-aaaaaa";
const B = "20261130-000001-000-bbbbbb";

/**
 * Thirty cases: `s*` pass in every baseline run, `n*` in every other one, half of them in the odd
 * runs and half in the even ones (so no run fails more cases than another: the cases are not
 * failing together). Six runs by default: the last three are the selection runs that choose the
 * cases drawn again for the figure.
 */
function baseline(count = 6): RunDocument[] {
  const cases = (run: number): FakeCase[] => [
    ...Array.from(
      { length: 20 },
      (_, i) => ({ id: `s${i}`, statuses: { correct: "pass" as const } }),
    ),
    ...Array.from({ length: 10 }, (_, i) => ({
      id: `n${i}`,
      statuses: { correct: (run + i) % 2 === 1 ? "fail" as const : "pass" as const },
    })),
  ];
  return Array.from(
    { length: count },
    (_, r) => fakeRun(r === 0 ? A : `20261130-000000-${500 + r}-a2a2a2`, cases(r)),
  );
}

function candidate(failing: string[]): RunDocument {
  return fakeRun(
    B,
    [
      ...Array.from({ length: 20 }, (_, i) => `s${i}`),
      ...Array.from({ length: 10 }, (_, i) => `n${i}`),
    ].map((id) => ({ id, statuses: { correct: failing.includes(id) ? "fail" : "pass" } })),
  );
}

/** Runs the plan's rounds with `answer` deciding each draw, as the host would. */
function confirm(
  runs: RunDocument[],
  run: RunDocument,
  answer: (id: string, round: number) => "pass" | "fail",
): ConfirmationDocument {
  return playConfirmation(runs, run, { answer });
}

/** Every noisy case fails now: the figure's test on the run alone is ambiguous (p ≤ 0.2). */
const NOISY = Array.from({ length: 10 }, (_, i) => `n${i}`);

/** The baseline's runs with a gate whose budget of extra calls is `calls`. */
function budgeted(runs: RunDocument[], calls: number): RunDocument[] {
  const gate = { ...DEFAULT_GATE_SETTINGS, primary: "accuracy", max_extra_calls: calls };
  return runs.map((r) => ({ ...r, gate }));
}

Deno.test("the plan draws the stable checks that failed, and the noisy cases only when the figure's first stage is ambiguous", () => {
  const runs = baseline();
  const clear = planConfirmation(runs, candidate(["s3", "n1"]));
  assertEquals(clear.stable, [{ case_id: "s3", checks: [IDS.correct] }]);
  // The figure on the run alone is clearly not worse: no noisy case is drawn again.
  assertEquals(clear.stage_one?.ambiguous, false);
  assertEquals(clear.noisy, []);
  const plan = planConfirmation(budgeted(runs, 100), candidate(NOISY));
  assertEquals(plan.stage_one?.ambiguous, true);
  ok((plan.stage_one?.p_value ?? 1) <= 0.2);
  // Ambiguous: every noisy case gets its draws, chosen from the baseline alone.
  assertEquals(plan.noisy.map((n) => n.case_id), NOISY);
  assertEquals(plan.noisy.every((n) => n.draws === 2), true);
  assertEquals(plan.noisy_cut, 0);
});

Deno.test("the budget of extra calls trims the noisy cases' draws before any is made, and the comparison says so", () => {
  const runs = baseline();
  const run = candidate(NOISY);
  // Thirty cases: half of them, fifteen calls, by default, of which the noisy cases may use
  // what the stable checks' reserve (confirm_draws, ten) leaves: five of the twenty wanted.
  const plan = planConfirmation(runs, run);
  assertEquals(plan.max_extra_calls, 15);
  assertEquals(plan.noisy, NOISY.slice(0, 5).map((case_id) => ({ case_id, draws: 1 })));
  assertEquals(plan.noisy_share, 0.5);
  assertEquals(plan.noisy_cut, 10);
  // Twenty calls: ten for the noisy cases, one draw each.
  const wider = planConfirmation(budgeted(runs, 20), run);
  assertEquals(wider.noisy.map((n) => n.draws), Array(10).fill(1));
  const result = compareRuns(runs, run, { confirmation: confirm(runs, run, () => "pass") });
  assertEquals(result.confirm?.budget_ended, true);
  assertEquals(result.confirm?.spent_calls, 5);
  match(headline(result), /the budget of 15 extra calls limited the draws/);
});

Deno.test("the budget stops a stable check's draws short of k: undecided, and the reading says the budget did it", () => {
  const runs = budgeted(baseline(), 3);
  const run = candidate(["s3"]);
  const confirmation = confirm(runs, run, () => "fail");
  assertEquals(confirmation.rounds.length, 3);
  const result = compareRuns(runs, run, { confirmation });
  const fact = result.facts.find((f) => f.case_id === "s3");
  assertEquals(fact?.kind, "unconfirmed");
  assertEquals(fact?.confirmation, { outcome: "undecided", pass: 0, fail: 3, error: 0 });
  assertEquals(result.confirm?.budget_ended, true);
  match(headline(result), /the budget of 3 extra calls ended the draws/);
});

Deno.test("a stable check the budget left undrawn is unconfirmed, and the reading says it was not drawn again, not that draws showed no break", () => {
  const runs = budgeted(baseline(), 0);
  const run = candidate(["s3"]);
  const confirmation = confirm(runs, run, () => "fail");
  assertEquals(confirmation.rounds.length, 0);
  const result = compareRuns(runs, run, { confirmation });
  assertEquals(result.facts.find((f) => f.case_id === "s3")?.kind, "unconfirmed");
  const line = headline(result);
  match(
    line,
    /1 stable check failed and was not drawn again: the budget of extra calls ended first/,
  );
  match(line, /\(s3 · correct not drawn\)/);
  ok(!/did not show a break|0 pass of 0/.test(line), line);
});

Deno.test("once one stable check is confirmed broken, the others are not drawn further", () => {
  const runs = baseline();
  const run = candidate(["s1", "s2", "s3"]);
  const confirmation = confirm(runs, run, () => "fail");
  // Round one draws each failed check once; then one check at a time, to its k.
  assertEquals(confirmation.rounds[0].map((c) => c.case_id), ["s1", "s2", "s3"]);
  ok(confirmation.rounds.slice(1).every((r) => r.length === 1 && r[0].case_id === "s1"));
  const result = compareRuns(runs, run, { confirmation });
  assertEquals(result.verdict, 1);
  assertEquals(result.facts.filter((f) => f.kind === "regression").map((f) => f.case_id), ["s1"]);
  assertEquals(result.confirm?.budget_ended, false);
});

Deno.test("a stable check that passes again on confirmation is unconfirmed, reported and still counted", () => {
  const runs = baseline();
  const run = candidate(["s3"]);
  const confirmation = confirm(runs, run, () => "pass");
  const result = compareRuns(runs, run, { confirmation });
  assertEquals(result.verdict, 0);
  const fact = result.facts.find((f) => f.case_id === "s3");
  assertEquals(fact?.kind, "unconfirmed");
  // The first pass dismisses it: a broken check does not pass.
  assertEquals(fact?.confirmation, { outcome: "dismissed", pass: 1, fail: 0, error: 0 });
  assertEquals(result.confirmation, confirmation.confirmation_id);
  // The failure still counts: the figure holds s3's first draw, a fail.
  assertEquals(result.figures[0].candidate, 29 / 30);
  assertEquals(result.flips.stable, ["s3"]);
  ok(
    headline(result).includes(
      "unconfirmed: 1 stable check failed and confirmation did not show a break",
    ),
  );
});

Deno.test("a stable check that keeps failing on confirmation is a regression", () => {
  const runs = baseline();
  const run = candidate(["s3"]);
  const result = compareRuns(runs, run, { confirmation: confirm(runs, run, () => "fail") });
  assertEquals(result.verdict, 1);
  const fact = result.facts.find((f) => f.case_id === "s3");
  assertEquals(fact?.kind, "regression");
  assertEquals(fact?.confirmation?.outcome, "confirmed");
});

Deno.test("without --confirm one stable check that failed against two runs is reported, not gated", () => {
  const result = compareRuns(baseline(2), candidate(["s3"]));
  assertEquals(result.facts.find((f) => f.case_id === "s3")?.kind, "stable-flip");
  // s3's lone failure and the ten noisy cases' (each failed once in three runs) at 1/3 each.
  assertEquals(result.flip_test?.at_risk, 11);
  assertEquals(result.verdict, 0);
});

Deno.test("without --confirm against one run a stable check that failed is a regression", () => {
  const result = compareRuns(baseline()[0], candidate(["s3"]));
  assertEquals(result.facts.find((f) => f.case_id === "s3")?.kind, "regression");
  assertEquals(result.flip_test, null);
  assertEquals(result.verdict, 1);
});

Deno.test("draws made because a check failed never enter the figures; planned ones do", () => {
  const runs100 = budgeted(baseline(), 100);
  const run = candidate([...NOISY, "s3"]);
  const s3Fails = (id: string) => (id === "s3" ? "fail" : "pass");
  const failing = compareRuns(runs100, run, { confirmation: confirm(runs100, run, s3Fails) });
  const passing = compareRuns(runs100, run, { confirmation: confirm(runs100, run, () => "pass") });
  // s3's confirmation draws differ, yet its figure is the same: only its first draw counts.
  const noisyOnly = (id: string) => (id.startsWith("n") ? "fail" : "pass");
  const noisyFail = compareRuns(runs100, run, { confirmation: confirm(runs100, run, noisyOnly) });
  assertEquals(failing.figures[0].test, passing.figures[0].test);
  ok((noisyFail.figures[0].test?.difference ?? 0) < (passing.figures[0].test?.difference ?? 0));
});

Deno.test("a confirmation drawn for another run is refused as a defect", () => {
  const runs = baseline();
  const confirmation = confirm(runs, candidate(["s3"]), () => "pass");
  const other = { ...candidate(["s3"]), run_id: "20261130-000003-000-dddddd" };
  throws(() => compareRuns(runs, other, { confirmation }), /not for this comparison/);
});

Deno.test("rounds capped below the planned draws: the figure's test uses the draws made", () => {
  const runs = budgeted(baseline(), 100);
  const run = candidate(NOISY);
  const full = confirm(runs, run, (id) => (id === "n4" ? "fail" : "pass"));
  // The operator's max_reruns = 1: one round of the two planned.
  const capped = { ...full, rounds: full.rounds.slice(0, 1) };
  const cappedTest = compareRuns(runs, run, { confirmation: capped }).figures[0].test;
  // What the test must be: each noisy case drawn once more, by a design of one extra round.
  const onceMore = {
    ...full,
    plan: { ...full.plan, noisy: full.plan.noisy.map((n) => ({ ...n, draws: 1 })) },
  };
  const oneRound = {
    ...DEFAULT_GATE_SETTINGS,
    primary: "accuracy",
    noisy_draws: 1,
    max_extra_calls: 100,
  };
  const oneRoundRuns = runs.map((r) => ({ ...r, gate: oneRound }));
  const planned = compareRuns(oneRoundRuns, run, {
    confirmation: { ...onceMore, rounds: capped.rounds },
  });
  assertEquals(cappedTest, planned.figures[0].test);
  // And not what a full design would claim for the same draws.
  const uncapped = compareRuns(runs, run, { confirmation: full }).figures[0].test;
  ok((cappedTest?.standard_error ?? 0) > (uncapped?.standard_error ?? 0));
});

Deno.test("k reruns are sized so every stable check together stays within the confirmations' alpha", () => {
  const runs = baseline();
  const plan = planConfirmation(runs, candidate(["s3"]));
  assertEquals(plan.rule, "all-fail");
  // Thirty checks, six runs: k = 9 bounds the family at a tenth of alpha.
  assertEquals(plan.max_draws, 9);
  assertEquals(plan.bounded, true);
  assertEquals(confirmShortfall(runs), null);
  // A break that keeps failing is confirmed after exactly k failures; one pass dismisses.
  const broken = compareRuns(runs, candidate(["s3"]), {
    confirmation: confirm(runs, candidate(["s3"]), (id) => (id === "s3" ? "fail" : "pass")),
  });
  assertEquals(broken.facts.find((f) => f.case_id === "s3")?.confirmation, {
    outcome: "confirmed",
    pass: 0,
    fail: 9,
    error: 0,
  });
});

Deno.test("a baseline too short to bound the confirmations within confirm_draws is refused, with the runs it needs", () => {
  // Two runs: no k up to 20 bounds thirty checks at 0.1%; six runs do with ten reruns.
  assertEquals(confirmShortfall(baseline(2)), {
    checks: 30,
    runs: 2,
    max_draws: 10,
    runs_needed: 6,
    draws_needed: null,
  });
  // Four runs: seventeen reruns would (confirm_draws may be up to 20); the suite allows ten.
  assertEquals(confirmShortfall(baseline(4))?.draws_needed, 17);
});

Deno.test("a noisy case cut short of its planned draws is weighed by the draws it got, the others by theirs", () => {
  const runs = budgeted(baseline(), 100);
  const run = candidate(NOISY);
  const full = confirm(runs, run, (id, round) => (id === "n0" || round === 0 ? "pass" : "fail"));
  // n0's second draw never came back (a cap, an error): one extra draw for it, two for the rest.
  const cut = {
    ...full,
    rounds: full.rounds.map((round, i) =>
      i === 1 ? round.filter((c) => c.case_id !== "n0") : round
    ),
  };
  const test = compareRuns(runs, run, { confirmation: cut }).figures[0].test;
  const pairs = (
    n0Rounds: number,
  ) => [
    // The figure's test on planned draws leaves the three selection runs out.
    ...Array.from({ length: 20 }, () => ({ baseline: [1, 1, 1], candidate: [1] })),
    ...NOISY.map((id, i) => {
      const extra = id === "n0" ? [1] : [1, 0];
      return {
        baseline: i % 2 === 0 ? [1, 0, 1] : [0, 1, 0],
        candidate: [0, ...extra],
        rounds: id === "n0" ? n0Rounds : 3,
      };
    }),
  ];
  const design = { extra: 2, chance: (pi: number) => noisyChance(pi, 3) };
  const expected = pairedDropTest(pairs(2), { binary: true, design, exact: true });
  assertEquals(test, expected);
  // A drawn case's weight is its own rounds, whatever the most rounds any case got: cases drawn
  // once more and twice more are weighed alike under a design of one extra round or of three.
  const drawn = [
    { baseline: [1, 0, 1, 0], candidate: [0, 1], rounds: 2 },
    { baseline: [1, 1, 0, 0], candidate: [1, 0, 0], rounds: 3 },
  ];
  const chance = () => 0.5;
  assertEquals(
    pairedDropTest(drawn, { binary: true, design: { extra: 1, chance } }),
    pairedDropTest(drawn, { binary: true, design: { extra: 3, chance } }),
  );
});

Deno.test("the noisy cases' draws do not shrink with the stable checks that failed: the figure's draws can not depend on the run", () => {
  const stable = Array.from({ length: 10 }, (_, i) => `s${i}`);
  const runs = budgeted(baseline(), 30);
  const few = planConfirmation(runs, candidate(NOISY));
  const many = planConfirmation(runs, candidate([...NOISY, ...stable]));
  // Thirty calls less the stable checks' reserve (confirm_draws, ten): twenty, two a case.
  assertEquals(few.noisy, many.noisy);
  assertEquals(many.noisy.map((n) => n.draws), Array(10).fill(2));
  // Drawing: every noisy case gets both its draws; the failed stable checks get what is left.
  const confirmation = confirm(runs, candidate([...NOISY, ...stable]), () => "fail");
  const count = (ids: string[]) =>
    confirmation.rounds.flat().filter((c) => ids.includes(c.case_id)).length;
  assertEquals(count(NOISY), 20);
  assertEquals(count(stable), 10);
});

Deno.test("under --confirm a figure whose value dropped is never called better, though its draws rose", () => {
  const runs = budgeted(baseline(), 100);
  const run = candidate(NOISY);
  // Every noisy case failed in the run and passed every draw: the paired difference rose.
  const result = compareRuns(runs, run, { confirmation: confirm(runs, run, () => "pass") });
  const figure = result.figures.find((f) => f.name === "accuracy");
  ok((figure?.delta ?? 0) < 0, "the figure's value dropped");
  ok((figure?.test?.difference ?? 0) > 0, "its paired difference rose");
  ok(figure?.status !== "better", `a dropped figure was called ${figure?.status}`);
  assertEquals(result.facts.some((f) => f.kind === "figure-better"), false);
  ok(!/better: accuracy/.test(headline(result)), headline(result));
});

Deno.test("a budget that cut the plan and was not spent limited the draws; the reading does not say it ended them", () => {
  const runs = budgeted(baseline(), 15);
  const run = candidate(["s3", ...NOISY]);
  const result = compareRuns(runs, run, { confirmation: confirm(runs, run, () => "pass") });
  assertEquals(result.confirm?.budget_ended, true);
  ok((result.confirm?.spent_calls ?? 15) < 15, "calls were left unspent");
  const reading = headline(result);
  ok(!/ended the draws/.test(reading), reading);
  match(
    reading,
    /the budget of 15 extra calls limited the draws, not the evidence: fewer were planned than wanted, to fit it \(\d+ of its 15 calls made\)/,
  );
});

/** Ten runs of baseline()'s cases, with s5 failing in the fourth run alone. */
function onceFailedBaseline(): RunDocument[] {
  return baseline(10).map((run, r) =>
    r !== 3 ? run : {
      ...run,
      cases: run.cases.map((c) =>
        c.case_id !== "s5"
          ? c
          : { ...c, verdicts: c.verdicts.map((v) => ({ ...v, status: "fail" as const })) }
      ),
    }
  );
}

Deno.test("a check that failed in one baseline run and keeps failing on confirmation is a regression", () => {
  const runs = onceFailedBaseline();
  const run = candidate(["s5"]);
  const plan = planConfirmation(runs, run);
  assertEquals(plan.stable, []);
  assertEquals(plan.once_failed, [{ case_id: "s5", checks: [IDS.correct] }]);
  const kOnce = plan.max_draws_once ?? 0;
  ok(kOnce > plan.max_draws);
  const result = compareRuns(runs, run, { confirmation: confirm(runs, run, () => "fail") });
  assertEquals(result.verdict, 1);
  const fact = result.facts.find((f) => f.case_id === "s5");
  assertEquals(fact?.kind, "regression");
  assertEquals(fact?.from, "9/10 pass");
  assertEquals(fact?.confirmation, { outcome: "confirmed", pass: 0, fail: kOnce, error: 0 });
  assertEquals(result.confirm?.k_once, kOnce);
});

Deno.test("a check that failed in one baseline run and passes on confirmation is noise, not gated", () => {
  const runs = onceFailedBaseline();
  const run = candidate(["s5"]);
  const confirmation = confirm(runs, run, () => "pass");
  assertEquals(confirmation.rounds.flat().length, 1);
  const result = compareRuns(runs, run, { confirmation });
  assertEquals(result.verdict, 0);
  assertEquals(result.facts.find((f) => f.case_id === "s5")?.kind, "noisy");
});

Deno.test("a figure worse case by case but not run against run says under --confirm that the verdict rests on independent cases, and plain compare adds the runs' own variance", () => {
  // Forty cases, each failing in one of ten runs; the runs fail 0 to 8 of them, so a run's
  // total varies widely, though no more than independent cases allow.
  const counts = [0, 8, 1, 7, 2, 6, 3, 5, 4, 4];
  let next = 0;
  const runs = counts.map((count, r) => {
    const failing = new Set(Array.from({ length: count }, () => next++));
    return fakeRun(
      r === 0 ? A : `20261130-000000-${500 + r}-a2a2a2`,
      Array.from({ length: 40 }, (_, i) => ({
        id: `c${i}`,
        statuses: { correct: failing.has(i) ? "fail" as const : "pass" as const },
      })),
    );
  });
  const failing = (n: number) =>
    fakeRun(
      B,
      Array.from({ length: 40 }, (_, i) => ({
        id: `c${i}`,
        statuses: { correct: i < n ? "fail" as const : "pass" as const },
      })),
    );
  const answer = (n: number) => (id: string) => Number(id.slice(1)) < n ? "fail" : "pass";
  const near = failing(11);
  const result = compareRuns(runs, near, { confirmation: confirm(runs, near, answer(11)) });
  assertEquals(result.figures[0].status, "worse");
  assertEquals(result.verdict, 1);
  ok((result.run_noise?.run_p_value ?? 0) > 0.01, JSON.stringify(result.run_noise));
  assertEquals(result.run_noise?.runs_disagree, true);
  match(headline(result), /case by case only: .* not run against run \(p 0\.\d+\); a bad hour/);
  // Plain compare adds the runs' own variance, which these runs show beyond their cases' (ratio
  // 1.7): with it the drop is within their spread (ADR 0130), where it once said "case by case
  // only" (ADR 0106).
  const plain = compareRuns(runs, near);
  ok((plain.run_noise?.run_variance ?? 0) > 0, JSON.stringify(plain.run_noise));
  assertEquals(plain.figures[0].status, "within-noise");
  assertEquals(plain.verdict, 0);
  match(headline(plain), /the tests added the runs' own variance .*: within the runs' spread/);
  // A figure that is not worse asks nothing.
  assertEquals(compareRuns(runs, failing(4)).run_noise?.runs_disagree, undefined);
  // A drop far past the runs' spread is worse both ways.
  const far = failing(30);
  const both = compareRuns(runs, far, { confirmation: confirm(runs, far, answer(30)) });
  assertEquals(both.run_noise?.runs_disagree, false);
});

Deno.test("checks that failed once are tried one at a time, one only when the figure's first stage does not lean worse", () => {
  // s2 to s11 each failed in one of the ten baseline runs, and s12 to s19 in two; two of the
  // first fail now, no more than the baseline's runs explain (of the ten checks failing twice in
  // the eleven runs, each has the run among its failures with chance 2 / 11). The noisy cases all
  // pass, so the figure is clearly not worse and no case is drawn for it.
  const failsIn = (id: string, r: number) => {
    const i = Number(id.slice(1));
    return id.startsWith("s") && (i === r + 2 || (i >= 12 && (i - 12 === r || (i - 7) % 10 === r)));
  };
  const runs = baseline(10).map((run, r) => ({
    ...run,
    cases: run.cases.map((c) =>
      !failsIn(c.case_id, r)
        ? c
        : { ...c, verdicts: c.verdicts.map((v) => ({ ...v, status: "fail" as const })) }
    ),
  }));
  const run = candidate(["s5", "s6"]);
  const plan = planConfirmation(runs, run);
  assertEquals(plan.stage_one?.ambiguous, false);
  assertEquals(plan.once_failed?.map((s) => s.case_id), ["s5", "s6"]);
  ok((plan.once_failed_count?.p_value ?? 0) > 0.3, JSON.stringify(plan.once_failed_count));
  const noise = confirm(runs, run, () => "pass");
  assertEquals(noise.rounds.map((r) => r.map((c) => c.case_id)), [["s5"]]);
  assertEquals(compareRuns(runs, run, { confirmation: noise }).verdict, 0);
  const broken = confirm(runs, run, (id) => (id === "s6" ? "fail" : "pass"));
  // The one try went to s5, which passed: s6's break is left to the figure.
  assertEquals(broken.rounds.flat().map((c) => c.case_id), ["s5"]);
  const first = confirm(runs, run, () => "fail");
  assertEquals(new Set(first.rounds.flat().map((c) => c.case_id)), new Set(["s5"]));
  assertEquals(
    compareRuns(runs, run, { confirmation: first }).facts
      .filter((f) => f.kind === "regression").map((f) => f.case_id),
    ["s5"],
  );
});

Deno.test("one more check that failed once is tried when more of them fail than the baseline's runs explain", () => {
  // s5, s6 and s7 each failed in one of ten baseline runs and all three fail now: if nothing
  // changed, each fails now with chance 2 / 11, all three with (2 / 11)³.
  const runs = baseline(10).map((run, r) => ({
    ...run,
    cases: run.cases.map((c) =>
      c.case_id !== `s${r + 2}` || r < 3 || r > 5
        ? c
        : { ...c, verdicts: c.verdicts.map((v) => ({ ...v, status: "fail" as const })) }
    ),
  }));
  const run = candidate(["s5", "s6", "s7"]);
  const plan = planConfirmation(runs, run);
  assertEquals(plan.stage_one?.ambiguous, false);
  assertEquals(plan.once_failed_count?.failed, 3);
  ok(Math.abs((plan.once_failed_count?.p_value ?? 0) - (2 / 11) ** 3) < 1e-12);
  const broken = confirm(runs, run, (id) => (id === "s6" ? "fail" : "pass"));
  // s5 passed at once; the second try found s6's break and drew it to k_once.
  assertEquals(broken.rounds[0].map((c) => c.case_id), ["s5"]);
  assertEquals(broken.rounds.slice(1).flat().every((c) => c.case_id === "s6"), true);
  assertEquals(broken.rounds.length, 1 + (plan.max_draws_once ?? 0));
  assertEquals(
    compareRuns(runs, run, { confirmation: broken }).facts
      .filter((f) => f.kind === "regression").map((f) => f.case_id),
    ["s6"],
  );
  // compare --json states the count's p-value.
  assertEquals(
    compareRuns(runs, run, { confirmation: broken }).confirm?.once_failed_p,
    plan.once_failed_count?.p_value,
  );
  // Without the count's try, s6 would have been left to the figure.
  const noise = confirm(runs, run, () => "pass");
  assertEquals(noise.rounds.map((r) => r.map((c) => c.case_id)), [["s5"], ["s6"]]);
});

Deno.test("the screen's threshold falls as the noisy cases' planned draws and the first draws an unchanged run owes grow, so it spends on them at most SCREEN_COST × N on average", () => {
  assertEquals(screenThreshold({ planned: 0, cases: 200 }), SCREEN_THRESHOLD);
  assertEquals(screenThreshold({ planned: 40, cases: 200 }), SCREEN_THRESHOLD);
  for (const planned of [100, 200, 400]) {
    for (const owed of [0, 5, 12, 30]) {
      const threshold = screenThreshold({ planned, cases: 200, owed });
      ok(threshold < SCREEN_THRESHOLD, `${planned}, ${owed}: ${threshold}`);
      // An unchanged system's p-value is at most the threshold with chance at most the threshold.
      ok(owed + threshold * planned <= SCREEN_COST * 200 + 1e-9 || threshold === 0);
    }
  }
  // More owed, a lower threshold; owed beyond the whole allowance, no noisy draw.
  ok(
    screenThreshold({ planned: 60, cases: 200, owed: 10 }) <
      screenThreshold({ planned: 60, cases: 200, owed: 0 }),
  );
  assertEquals(screenThreshold({ planned: 60, cases: 200, owed: 40 }), 0);
  // A plan that would draw each of ten noisy cases twice, of thirty, screens at SCREEN_COST × 30 /
  // 20: no check of the baseline failed in exactly one or two of its runs, so an unchanged run
  // owes no first draw; and the stable check failing now does not move it (it is read from the
  // baseline alone, like the noisy cases' draws).
  const runs = budgeted(baseline(), 100);
  const run = candidate(["n0", "n2", "s3"]);
  const plan = planConfirmation(runs, run);
  assertEquals(plan.stage_one?.threshold, (SCREEN_COST * 30) / 20);
  assertEquals(
    planConfirmation(runs, candidate(["n0", "n2"])).stage_one?.threshold,
    (SCREEN_COST * 30) / 20,
  );
  // A baseline whose s0 failed in one of its six runs owes a sixth of a draw.
  const lone = runs.map((r, i) =>
    i !== 2 ? r : {
      ...r,
      cases: r.cases.map((c) =>
        c.case_id !== "s0"
          ? c
          : { ...c, verdicts: c.verdicts.map((v) => ({ ...v, status: "fail" as const })) }
      ),
    }
  );
  assertEquals(planConfirmation(lone, run).stage_one?.threshold, (SCREEN_COST * 30 - 1 / 6) / 20);
  ok((plan.stage_one?.threshold ?? 1) < SCREEN_THRESHOLD);
  assertEquals(
    compareRuns(runs, run, { confirmation: confirm(runs, run, () => "pass") }).confirm
      ?.stage_one_threshold,
    plan.stage_one?.threshold,
  );
});

/**
 * Ten runs of sixty-six cases: cases 0–29 fail once each, by hour (`hours[r]` of them in run r),
 * 30–59 pass in every run, and 60–65 fail in every other run, half in the odd runs and half in
 * the even ones (so they vary apart, never together). A candidate fails six of the stable cases
 * and the even noisy ones.
 */
function hoursBaseline(hours: readonly number[]): { runs: RunDocument[]; run: RunDocument } {
  const starts = hours.map((_, r) => hours.slice(0, r).reduce((a, b) => a + b, 0));
  const runOf = (runId: string, failing: (i: number) => boolean) =>
    fakeRun(
      runId,
      Array.from({ length: 66 }, (_, i) => ({
        id: `c${i}`,
        statuses: { correct: failing(i) ? "fail" as const : "pass" as const },
      })),
    );
  const runs = hours.map((k, r) =>
    runOf(
      r === 0 ? A : `20261130-000000-${500 + r}-a2a2a2`,
      (i) => (i >= starts[r] && i < starts[r] + k) || (i >= 60 && (r + i) % 2 === 1),
    )
  );
  const run = runOf(B, (i) => (i >= 30 && i < 36) || (i >= 60 && i % 2 === 0));
  return { runs, run };
}

Deno.test("the screen does not send a run to be drawn again when the baseline's runs vary beyond their cases enough to explain its dip", () => {
  // The runs fail 7, 0, 6, 0, 6, 1, 5, 1, 2 and 2 of cases 0–29: more spread than independent
  // cases give (p about 0.12, not enough to count runs outright at ten runs).
  const together = hoursBaseline([7, 0, 6, 0, 6, 1, 5, 1, 2, 2]);
  const plain = compareRuns(together.runs, together.run);
  const caseLevel = plain.figures[0].test?.p_value ?? 0;
  const plan = planConfirmation(together.runs, together.run);
  const threshold = plan.stage_one?.threshold ?? 0;
  // Case by case the run is ambiguous; with the runs' own variance it is clear, and nothing is
  // drawn for the figure.
  ok(caseLevel <= threshold, JSON.stringify([caseLevel, plan.stage_one]));
  ok((plan.stage_one?.p_value ?? 0) > threshold, JSON.stringify(plan.stage_one));
  assertEquals(plan.stage_one?.ambiguous, false);
  assertEquals(plan.noisy, []);
  // The same thirty failures three a run: the cases explain the runs' spread, and the same dip
  // is drawn again.
  const apart = hoursBaseline(Array(10).fill(3));
  const drawn = planConfirmation(apart.runs, apart.run);
  assertEquals(
    drawn.stage_one?.p_value,
    compareRuns(apart.runs, apart.run).figures[0].test?.p_value,
  );
  assertEquals(drawn.stage_one?.ambiguous, true);
  ok(drawn.noisy.length > 0);
});
