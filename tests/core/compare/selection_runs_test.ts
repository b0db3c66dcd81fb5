import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import type { ConfirmationDocument } from "../../../core/compare/confirmation_document.ts";
import { planConfirmation } from "../../../core/compare/confirmation_plan.ts";
import { measureBaseline, noisyChance } from "../../../core/compare/baseline_measure.ts";
import { pairedDropTest } from "../../../core/statistics/paired_drop.ts";
import { DEFAULT_GATE_SETTINGS } from "../../../core/suite/gate_settings.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { type FakeCase, fakeRun } from "../_runs.ts";
import { playConfirmation } from "../_confirmations.ts";

const A = "20261130-000000-000-aaaaaa";
const B = "20261130-000001-000-bbbbbb";
const ID = (run: number) => (run === 0 ? A : `20261130-000000-${500 + run}-a2a2a2`);

/** The approval's recorded selection runs: runs 1 to 3, never the count rule's last three. */
const RECORDED = [ID(1), ID(2), ID(3)];
const STABLE = Array.from({ length: 20 }, (_, i) => `s${i}`);
/** Cases that fail once, in one of the recorded selection runs, and pass in every other run. */
const BY_RECORDED = Array.from({ length: 6 }, (_, i) => `a${i}`);
/** Cases that fail once, in one of the last three runs, and pass in every other run. */
const BY_LAST = Array.from({ length: 6 }, (_, i) => `b${i}`);

/** Eight runs; `a*` vary only in runs 1–3, `b*` only in runs 5–7 (the count rule's last three). */
function baseline(): RunDocument[] {
  const gate = { ...DEFAULT_GATE_SETTINGS, primary: "accuracy", max_extra_calls: 100 };
  const cases = (run: number): FakeCase[] => [
    ...STABLE.map((id) => ({ id, statuses: { correct: "pass" as const } })),
    ...BY_RECORDED.map((id, i) => ({
      id,
      statuses: { correct: run === 1 + (i % 3) ? "fail" as const : "pass" as const },
    })),
    ...BY_LAST.map((id, i) => ({
      id,
      statuses: { correct: run === 5 + (i % 3) ? "fail" as const : "pass" as const },
    })),
  ];
  return Array.from({ length: 8 }, (_, r) => ({ ...fakeRun(ID(r), cases(r)), gate }));
}

/** A run where every varying case fails: the figure's first stage is ambiguous. */
function candidate(): RunDocument {
  return fakeRun(
    B,
    [...STABLE, ...BY_RECORDED, ...BY_LAST].map((id) => ({
      id,
      statuses: { correct: STABLE.includes(id) ? "pass" : "fail" },
    })),
  );
}

/** Draws the plan's rounds, every draw failing, as the host would. */
function confirm(
  runs: RunDocument[],
  run: RunDocument,
  options: { selectionRuns?: string[] },
): ConfirmationDocument {
  return playConfirmation(runs, run, { ...options, answer: () => "fail" });
}

/** Each case's draws in the runs `kept`, as the figure's test on planned draws sees them. */
function expectedTest(
  runs: RunDocument[],
  options: { kept: number[]; drawn: string[]; selection: number },
) {
  const pairs = [...STABLE, ...BY_RECORDED, ...BY_LAST].map((id) => {
    const baseline = options.kept.map((r) =>
      runs[r].cases.find((c) => c.case_id === id)?.verdicts[0].status === "pass" ? 1 : 0
    );
    const drawn = options.drawn.includes(id);
    return drawn
      ? { baseline, candidate: [0, 0, 0], rounds: 3 }
      : { baseline, candidate: [STABLE.includes(id) ? 1 : 0] };
  });
  const design = { extra: 2, chance: (pi: number) => noisyChance(pi, options.selection) };
  return pairedDropTest(pairs, { binary: true, design, exact: true });
}

Deno.test("the approval's recorded selection runs, by id, choose the cases --confirm draws again", () => {
  const runs = baseline();
  const plan = planConfirmation(runs, candidate(), { selectionRuns: RECORDED });
  assertEquals(plan.noisy.map((n) => n.case_id), BY_RECORDED);
  assertEquals(plan.noisy.map((n) => n.draws), Array(6).fill(2));
});

Deno.test("the figure's test on --confirm's draws leaves the recorded selection runs out and counts every other run", () => {
  const runs = baseline();
  const run = candidate();
  const confirmation = confirm(runs, run, { selectionRuns: RECORDED });
  const test = compareRuns(runs, run, { confirmation, selectionRuns: RECORDED }).figures[0].test;
  // Runs 0 and 4–7: the count rule's last three count, the recorded ones do not.
  assertEquals(
    test,
    expectedTest(runs, { kept: [0, 4, 5, 6, 7], drawn: BY_RECORDED, selection: 3 }),
  );
});

Deno.test("an approval that records no selection runs is read as before: its last three of eight choose and are left out", () => {
  const runs = baseline();
  const run = candidate();
  const plan = planConfirmation(runs, run);
  assertEquals(plan.noisy.map((n) => n.case_id), BY_LAST);
  const confirmation = confirm(runs, run, {});
  const test = compareRuns(runs, run, { confirmation }).figures[0].test;
  assertEquals(test, expectedTest(runs, { kept: [0, 1, 2, 3, 4], drawn: BY_LAST, selection: 3 }));
  assertEquals(measureBaseline(runs).selection.count, 3);
});

Deno.test("an approval that records an empty list of selection runs draws no noisy case again, and every run counts", () => {
  const runs = baseline();
  const run = candidate();
  assertEquals(planConfirmation(runs, run, { selectionRuns: [] }).noisy, []);
  const measure = measureBaseline(runs, { selectionRuns: [] });
  assertEquals(measure.noisyDraws.size, 0);
  assertEquals(measure.selection.count, 0);
});

Deno.test("the approved run is never a selection run, though an approval names it as one", () => {
  const measure = measureBaseline(baseline(), { selectionRuns: [A, ID(1)] });
  assertEquals(measure.selection.chosen, [false, true, false, false, false, false, false, false]);
});
