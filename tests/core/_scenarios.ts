import type { AggregateSpec } from "../../core/aggregate_spec.ts";
import type { RunDocument } from "../../core/run_document.ts";
import { fakeRun, IDS } from "./_runs.ts";

/** A named comparison: the baseline's runs (approved one first) and the candidate. */
export interface Scenario {
  name: string;
  baseline: RunDocument[];
  candidate: RunDocument;
}

const A = "20261130-000000-000-aaaaaa";
const A2 = "20261130-000000-500-a2a2a2";
const B = "20261130-000001-000-bbbbbb";

const byGroup: AggregateSpec[] = [
  { name: "accuracy", kind: "accuracy", over: "correct", by: "group" },
];

/** Comparisons that between them state every kind of fact compare knows. */
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
];

export { IDS };
