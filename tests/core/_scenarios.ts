import type { AggregateSpec } from "../../core/suite/aggregate_spec.ts";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { RunDocument } from "../../core/run/run_document.ts";
import { type FakeCase, fakeRun, IDS } from "./_runs.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { equals } from "../../core/suite/assertions/constructors.ts";
import { customAssertion } from "../../core/suite/assertions/custom.ts";
import { recordedAssertions } from "../../core/run/recorded_assertions.ts";
import type { Score } from "../../core/verdict.ts";
import { runDocumentDigest } from "../../core/run/run_digest.ts";

/** A named comparison: the baseline's runs (approved one first), the candidate, its draws. */
export interface Scenario {
  name: string;
  baseline: RunDocument[];
  candidate: RunDocument;
  /** compare --confirm's draws, when the scenario was confirmed. */
  confirmation?: ConfirmationDocument;
  /** compare --baseline-ref: the ref the baseline was read at. */
  baselineRef?: string;
  /** compare --accept-rules-change. */
  acceptRulesChange?: boolean;
}

const A = "20261130-000000-000-aaaaaa";
const A2 = "20261130-000000-500-a2a2a2";
const B = "20261130-000001-000-bbbbbb";

const byGroup: AggregateSpec[] = [
  { name: "accuracy", kind: "accuracy", over: "correct", by: "group" },
];

const withPrecision: AggregateSpec[] = [
  ...byGroup,
  { name: "precision", kind: "precision", over: "correct", positive: "yes" },
];

/** Forty cases: g1's twenty (labelled "yes") give `g1`; g2's twenty always pass. */
function halves(runId: string, g1: "pass" | "fail"): RunDocument {
  const cases: FakeCase[] = Array.from({ length: 40 }, (_, i) => ({
    id: `case-${String(i).padStart(2, "0")}`,
    group: i < 20 ? "g1" : "g2",
    label: i < 20 ? "yes" : "no",
    statuses: { correct: i >= 20 ? "pass" : g1 },
  }));
  return fakeRun(runId, cases, { aggregates: withPrecision });
}

/** Four confirmation draws of a case, all with the same status of `correct`. */
function drawsOf(caseId: string, status: "pass" | "fail") {
  return fakeRun(B, [{ id: caseId, statuses: { correct: status, polite: "pass" } }]).cases[0];
}

/** Comparisons that between them state every kind of fact compare knows. */
/** The approved run a pure check's re-check is recorded against, by its digest. */
const PURE_BASELINE = withCheck(
  fakeRun(A, [
    { id: "a", statuses: { correct: "pass" } },
    { id: "b", statuses: { correct: "pass" } },
    { id: "c", statuses: { correct: "pass" } },
  ]),
  { check: sameWord({ caseBlind: false, pure: true }), outputs: ["paris", "Rome", "rome"] },
);

export const SCENARIOS: Scenario[] = [
  {
    name: "flips both ways",
    baseline: [fakeRun(A, [
      { id: "a", statuses: { correct: "pass", polite: "pass" } },
      { id: "b", statuses: { correct: "fail", polite: "pass" } },
    ])],
    candidate: fakeRun(B, [
      { id: "a", statuses: { correct: "fail", polite: "pass" } },
      { id: "b", statuses: { correct: "pass", polite: "pass" } },
    ]),
  },
  {
    name: "an errored and an unreconciled check",
    baseline: [fakeRun(A, [
      { id: "a", statuses: { correct: "pass", polite: "pass" } },
      { id: "b", statuses: { correct: "pass", polite: "pass" } },
    ])],
    candidate: (() => {
      const run = fakeRun(B, [
        { id: "a", statuses: { correct: "error", polite: "pass" } },
        { id: "b", statuses: { correct: "pass", polite: "error" } },
      ]);
      run.cases[1].verdicts[1].metadata = { unreconciled: true };
      return run;
    })(),
  },
  {
    name: "a lost calibration and a moved canary",
    baseline: [fakeRun(A, [
      { id: "cal", kind: "calibration", statuses: { polite: "pass" } },
      { id: "k", kind: "canary", statuses: { correct: "pass", polite: "pass" } },
      { id: "a", statuses: { correct: "pass", polite: "pass" } },
    ])],
    candidate: fakeRun(B, [
      { id: "cal", kind: "calibration", statuses: { polite: "fail" } },
      { id: "k", kind: "canary", statuses: { correct: "fail", polite: "pass" } },
      { id: "a", statuses: { correct: "pass", polite: "pass" } },
    ]),
  },
  {
    name: "the target's settings changed",
    baseline: [{
      ...fakeRun(A, [{ id: "a", statuses: { correct: "pass" } }]),
      target_settings: { provider: "openai", model: "m", endpoint: "h:1", temperature: 0 },
    }],
    candidate: {
      ...fakeRun(B, [{ id: "a", statuses: { correct: "pass" } }]),
      target_settings: { provider: "openai", model: "m", endpoint: "h:1", temperature: 1.5 },
    },
  },
  {
    name: "the rules changed",
    baseline: [fakeRun(A, [
      { id: "a", statuses: { correct: "pass", polite: "pass" } },
      { id: "gone", statuses: { correct: "pass", polite: "pass" } },
    ])],
    candidate: (() => {
      const run = fakeRun(B, [
        { id: "a", statuses: { correct: "pass" } },
        { id: "new", statuses: { correct: "pass" } },
      ], { config_hash: "cccccccccccccccc", cases_digest: "dddddddddddddddd" });
      run.assertions = [
        run.assertions[0],
        { id: "00000000000000c3", name: "concise", kind: "length" },
      ];
      return run;
    })(),
  },
  {
    name: "figures of every fate",
    baseline: [
      fakeRun(A, [
        { id: "a1", group: "g1", statuses: { correct: "pass" } },
        { id: "a2", group: "g1", statuses: { correct: "pass" } },
        { id: "b1", group: "g2", statuses: { correct: "pass" } },
        { id: "b2", group: "g2", statuses: { correct: "pass" } },
        { id: "c1", group: "g3", statuses: { correct: "pass" } },
        { id: "d1", group: "g4", statuses: { correct: "pass" } },
      ], { aggregates: byGroup }),
      fakeRun(A2, [
        { id: "a1", group: "g1", statuses: { correct: "pass" } },
        { id: "a2", group: "g1", statuses: { correct: "pass" } },
        { id: "b1", group: "g2", statuses: { correct: "pass" } },
        { id: "b2", group: "g2", statuses: { correct: "fail" } },
        { id: "c1", group: "g3", statuses: { correct: "pass" } },
        { id: "d1", group: "g4", statuses: { correct: "pass" } },
      ], { aggregates: byGroup }),
    ],
    candidate: fakeRun(B, [
      { id: "a1", group: "g1", statuses: { correct: "pass" } },
      { id: "a2", group: "g1", statuses: { correct: "fail" } },
      { id: "b1", group: "g2", statuses: { correct: "pass" } },
      { id: "b2", group: "g2", statuses: { correct: "fail" } },
      { id: "c1", group: "g3", statuses: { correct: "error" } },
      { id: "e1", group: "g5", statuses: { correct: "pass" } },
    ], { aggregates: byGroup }),
  },
  {
    name: "a figure that rose",
    baseline: [fakeRun(A, [
      { id: "a", statuses: { correct: "fail" } },
      { id: "b", statuses: { correct: "fail" } },
    ])],
    candidate: fakeRun(B, [
      { id: "a", statuses: { correct: "pass" } },
      { id: "b", statuses: { correct: "fail" } },
    ]),
  },
  {
    name: "a significant drop, a flagged group and an untested figure",
    baseline: [halves(A, "pass"), halves(A2, "fail")],
    candidate: halves(B, "fail"),
  },
  {
    name: "more stable checks failed than ten runs explain",
    baseline: Array.from({ length: 10 }, (_, r) =>
      fakeRun(
        `20261130-000000-${String(r).padStart(3, "0")}-aaaaaa`,
        Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, statuses: { correct: "pass" } })),
      )),
    candidate: fakeRun(
      B,
      Array.from({ length: 8 }, (_, i) => ({
        id: `c${i}`,
        statuses: { correct: i < 4 ? "fail" : "pass" },
      })),
    ),
  },
  {
    // Five runs whose sixty cases fail together (10, 0, 10, 0 and 5 of them), and a run that
    // fails 25 others: worse case by case, not run against run, and five runs can not tell.
    name: "runs that disagree too much for five of them to judge a drop",
    baseline: [[0, 10], [0, 0], [10, 20], [0, 0], [20, 25]].map(([from, to], r) =>
      fakeRun(
        `20261130-000000-${String(r).padStart(3, "0")}-aaaaaa`,
        Array.from({ length: 60 }, (_, i) => ({
          id: `c${String(i).padStart(2, "0")}`,
          statuses: { correct: i >= from && i < to ? "fail" : "pass" },
        })),
      )
    ),
    candidate: fakeRun(
      B,
      Array.from({ length: 60 }, (_, i) => ({
        id: `c${String(i).padStart(2, "0")}`,
        statuses: { correct: i >= 30 && i < 55 ? "fail" : "pass" },
      })),
    ),
  },
  {
    name: "a stable failure confirmed and one not",
    baseline: [fakeRun(A, [
      { id: "a", statuses: { correct: "pass", polite: "pass" } },
      { id: "b", statuses: { correct: "pass", polite: "pass" } },
    ])],
    candidate: fakeRun(B, [
      { id: "a", statuses: { correct: "fail", polite: "pass" } },
      { id: "b", statuses: { correct: "fail", polite: "pass" } },
    ]),
    confirmation: {
      schema_version: 1,
      confirmation_id: "20261130-000002-000-cfcfcf",
      candidate_run: B,
      baseline_runs: [A],
      suite: { name: "s", cases_digest: "aaaaaaaaaaaaaaaa", config_hash: "bbbbbbbbbbbbbbbb" },
      target: { kind: "function", name: "f" },
      git_commit: null,
      started_at: "2026-11-30T00:00:02.000Z",
      finished_at: "2026-11-30T00:00:03.000Z",
      plan: {
        noisy: [],
        stable: [
          { case_id: "a", checks: [IDS.correct] },
          { case_id: "b", checks: [IDS.correct] },
        ],
        max_draws: 6,
      },
      rounds: [1, 2, 3, 4].map(() => [drawsOf("a", "pass"), drawsOf("b", "fail")]),
    },
  },
  {
    name: "a loosened check that moves a baseline verdict, gated against a ref",
    ...loosenedCheck(),
    baselineRef: "origin/main",
  },
  {
    name: "a loosened check that moves a baseline verdict, accepted by a maintainer",
    ...loosenedCheck(),
    baselineRef: "origin/main",
    acceptRulesChange: true,
  },
  {
    name: "a loosened check re-checked on the baseline and a judge that changed",
    baseline: [withCheck(
      fakeRun(A, [
        { id: "a", statuses: { correct: "pass" } },
        { id: "b", statuses: { correct: "pass" } },
        { id: "c", statuses: { correct: "pass" } },
      ]),
      { check: equals({ name: "exact" }), outputs: ["paris", "Rome", "rome"] },
    )],
    candidate: (() => {
      const run = withCheck(
        fakeRun(B, [
          { id: "a", statuses: { correct: "pass" } },
          { id: "b", statuses: { correct: "pass" } },
        ], { config_hash: "cccccccccccccccc" }),
        {
          check: equals({ name: "exact", ignore_case: true }),
          outputs: ["PARIS", "rome"],
        },
      );
      const rubric = { id: "00000000000000d1", name: "faithful", kind: "judge" };
      run.assertions.push(rubric);
      run.cases[0].verdicts.push({ ...verdictOf(rubric), status: "pass", metadata: {} });
      run.cases.push({
        ...run.cases[1],
        case_id: "c",
        inputs_digest: "1111111111111111",
      });
      return run;
    })(),
  },
  {
    name:
      "a pure custom check the run re-checked on the baseline and a custom check not declared pure",
    baseline: [PURE_BASELINE],
    candidate: (() => {
      const cases = [
        { id: "a", statuses: { correct: "pass" as const } },
        { id: "b", statuses: { correct: "pass" as const } },
        { id: "c", statuses: { correct: "pass" as const } },
      ];
      const outputs = ["PARIS", "rome", "lima"];
      const loosened = sameWord({ caseBlind: true, pure: true });
      const run = withCheck(
        withCheck(fakeRun(B, cases, { config_hash: "dddddddddddddddd" }), {
          check: loosened,
          outputs,
        }),
        { check: sameWord({ caseBlind: true, pure: false, name: "tone" }), outputs },
      );
      // What `run` recorded: the loosened pure check on the approved run's stored outputs.
      run.baseline_rechecks = ["a", "b", "c"].map((id) => ({
        run_id: A,
        baseline_digest: runDocumentDigest(PURE_BASELINE),
        case_id: id,
        assertion_id: loosened.id,
        verdicts: [{ ...verdictOf(loosened), status: "pass" as const, metadata: {} }],
      }));
      return run;
    })(),
  },
];

/** The baseline's "exact" failed "Rome"; the candidate's case-blind "exact" passes it. */
function loosenedCheck(): Pick<Scenario, "baseline" | "candidate"> {
  return {
    baseline: [withCheck(
      fakeRun(A, [
        { id: "a", statuses: { correct: "pass" } },
        { id: "b", statuses: { correct: "pass" } },
      ]),
      { check: equals({ name: "exact" }), outputs: ["paris", "Rome"] },
    )],
    candidate: withCheck(
      fakeRun(B, [
        { id: "a", statuses: { correct: "pass" } },
        { id: "b", statuses: { correct: "pass" } },
      ], { config_hash: "cccccccccccccccc" }),
      { check: equals({ name: "exact", ignore_case: true }), outputs: ["paris", "rome"] },
    ),
  };
}

/** A custom check that the output is the expected word, case-blind or not, pure or not. */
function sameWord(options: { caseBlind: boolean; pure: boolean; name?: string }): Assertion {
  return customAssertion({
    name: options.name ?? "word",
    params: { case_blind: options.caseBlind },
    pure: options.pure,
    check: ({ output, testCase }): Score => {
      const expected = String(testCase.expected);
      const same = options.caseBlind ? output.toLowerCase() === expected : output === expected;
      return { status: same ? "pass" : "fail" };
    },
  });
}

/** Adds a real check to a fake run: each case's output, expected "paris"/"rome" and verdict. */
function withCheck(
  run: RunDocument,
  options: { check: Assertion; outputs: string[] },
): RunDocument {
  const { check } = options;
  const expected = ["paris", "rome", "rome"];
  run.assertions.push(...recordedAssertions([check]));
  run.cases.forEach((c, i) => {
    c.output = options.outputs[i];
    c.expected = expected[i];
    c.inputs_digest = "0000000000000000";
    const answer = check.check({
      output: c.output,
      testCase: { id: c.case_id, kind: "normal", vars: {}, expected: expected[i] },
    }) as Score;
    c.verdicts.push({ ...verdictOf(check), status: answer.status, metadata: {} });
  });
  return run;
}

function verdictOf(check: { id: string; name: string }) {
  return { assertion_id: check.id, assertion: check.name };
}

export { IDS };
