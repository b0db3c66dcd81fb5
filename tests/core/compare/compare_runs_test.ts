import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { gateVerdictOf, VERDICT_FORCED_BY_FACT } from "../../../core/compare/facts.ts";
import { explainLines } from "../../../core/compare/explain_lines.ts";
import { headline } from "../../../core/compare/headline.ts";
import { fakeRun } from "../_runs.ts";

const A = "20261130-000000-000-aaaaaa";
const B = "20261130-000001-000-bbbbbb";

Deno.test("a check that went pass to fail is a regression and the verdict is 1", () => {
  const base = fakeRun(A, [{ id: "c1", statuses: { correct: "pass" } }, {
    id: "c2",
    statuses: { correct: "pass" },
  }]);
  const now = fakeRun(B, [{ id: "c1", statuses: { correct: "fail" } }, {
    id: "c2",
    statuses: { correct: "pass" },
  }]);
  const result = compareRuns(base, now);
  assertEquals(result.verdict, 1);
  const regressions = result.facts.filter((f) => f.kind === "regression");
  assertEquals(regressions.map((f) => f.case_id), ["c1"]);
  ok(
    headline(result).startsWith(
      "WORSE (exit 1): 1 regression in 1 case, pass → fail: c1 · correct",
    ),
  );
});

Deno.test("a regression is not excused by a figure that rose", () => {
  const base = fakeRun(A, [
    { id: "c1", statuses: { correct: "pass" } },
    { id: "c2", statuses: { correct: "fail" } },
    { id: "c3", statuses: { correct: "fail" } },
  ]);
  const now = fakeRun(B, [
    { id: "c1", statuses: { correct: "fail" } },
    { id: "c2", statuses: { correct: "pass" } },
    { id: "c3", statuses: { correct: "pass" } },
  ]);
  const result = compareRuns(base, now);
  assertEquals(result.verdict, 1);
  assertEquals(result.figures.find((f) => f.name === "accuracy")?.status, "better");
  ok(headline(result).includes("better: accuracy 0.3333 → 0.6667 (+0.3333)"));
});

Deno.test("an errored verdict makes the verdict 2, which dominates a regression", () => {
  const base = fakeRun(A, [
    { id: "c1", statuses: { correct: "pass" } },
    { id: "c2", statuses: { correct: "pass" } },
  ]);
  const now = fakeRun(B, [
    { id: "c1", statuses: { correct: "fail" } },
    { id: "c2", statuses: { correct: "error" } },
  ]);
  const result = compareRuns(base, now);
  assertEquals(result.verdict, 2);
  const kinds = result.facts.map((f) => f.kind);
  ok(kinds.indexOf("unjudged") < kinds.indexOf("regression"), "unjudged comes first");
  ok(
    headline(result).startsWith(
      "COULD NOT BE JUDGED (exit 2): could not judge 1 check (c2 · correct)",
    ),
  );
});

Deno.test("identical runs are not worse and say how much was compared", () => {
  const cases = [{ id: "c1", statuses: { correct: "pass" as const } }];
  const result = compareRuns(fakeRun(A, cases), fakeRun(B, cases));
  assertEquals(result.verdict, 0);
  assertEquals(
    headline(result),
    `NOT WORSE (exit 0): nothing got worse: 1 case compared with baseline ${A}`,
  );
});

// Changed with noise-aware verdicts: a figure is judged by a paired test over the cases both
// sides counted, so a drop that comes only from an added case is no drop at all.
Deno.test("a figure that dropped only because a case was added is not called unchanged", () => {
  const base = fakeRun(A, [
    { id: "c1", statuses: { correct: "pass" } },
    { id: "c2", statuses: { correct: "fail" } },
  ]);
  const now = fakeRun(B, [
    { id: "c1", statuses: { correct: "pass" } },
    { id: "c2", statuses: { correct: "fail" } },
    { id: "c3", statuses: { correct: "fail" } },
  ]);
  const result = compareRuns(base, now);
  assertEquals(result.verdict, 0);
  assertEquals(result.facts.filter((f) => f.kind === "case-added").map((f) => f.case_id), ["c3"]);
  const accuracy = result.figures.find((f) => f.name === "accuracy");
  // Case for case nothing moved (the paired change is 0), but the value did: a drop, not gating.
  assertEquals(accuracy?.status, "within-noise");
  assertEquals(accuracy?.test?.difference, 0);
  ok(headline(result).includes("the rules changed: 1 case added (c3)"));
});

Deno.test("a figure that dropped significantly is worse even with no stable check flipping", () => {
  const ids = Array.from({ length: 40 }, (_, i) => `c${i}`);
  const runOf = (id: string, status: "pass" | "fail") =>
    fakeRun(id, ids.map((c) => ({ id: c, statuses: { correct: status } })));
  const result = compareRuns(
    [runOf(A, "pass"), runOf("20261130-000000-500-a2a2a2", "fail")],
    runOf(B, "fail"),
  );
  assertEquals(result.verdict, 1);
  assertEquals(result.facts.filter((f) => f.kind === "regression"), []);
  assertEquals(result.facts.filter((f) => f.kind === "noisy").length, 40);
  const accuracy = result.figures.find((f) => f.name === "accuracy");
  assertEquals(accuracy?.status, "worse");
  assertEquals(accuracy?.role, "primary");
  ok((accuracy?.test?.p_value ?? 1) < 0.01);
});

Deno.test("a figure missing from the candidate can not be judged", () => {
  const cases = [{ id: "c1", group: "g", statuses: { correct: "pass" as const } }];
  const base = fakeRun(A, cases);
  const now = fakeRun(B, cases, { aggregates: [] });
  const result = compareRuns(base, now);
  assertEquals(result.verdict, 2);
  ok(result.facts.some((f) => f.kind === "figure-missing" && f.figure === "accuracy[group=g]"));
});

Deno.test("a canary whose verdict moved is the first clause of the headline", () => {
  const base = fakeRun(A, [
    { id: "k", kind: "canary", statuses: { correct: "pass" } },
    { id: "c1", statuses: { correct: "pass" } },
  ]);
  const now = fakeRun(B, [
    { id: "k", kind: "canary", statuses: { correct: "fail" } },
    { id: "c1", statuses: { correct: "fail" } },
  ]);
  const result = compareRuns(base, now);
  assertEquals(result.verdict, 1);
  ok(headline(result).startsWith("WORSE (exit 1): canary moved: k · correct pass → fail;"));
});

Deno.test("a calibration case that gets the wrong verdict is calibration lost, verdict 2", () => {
  const cases = (status: "pass" | "fail") => [
    { id: "cal", kind: "calibration" as const, statuses: { correct: status } },
    { id: "c1", statuses: { correct: "pass" as const } },
  ];
  const result = compareRuns(fakeRun(A, cases("pass")), fakeRun(B, cases("fail")));
  assertEquals(result.verdict, 2);
  ok(headline(result).includes("calibration lost: cal · correct pass → fail"));
});

Deno.test("a changed config hash is reported as the rules changed, not silently compared", () => {
  const cases = [{ id: "c1", statuses: { correct: "pass" as const } }];
  const result = compareRuns(
    fakeRun(A, cases),
    fakeRun(B, cases, { config_hash: "cccccccccccccccc" }),
  );
  assertEquals(result.verdict, 0);
  ok(headline(result).includes("the rules changed: the checks' definitions differ"));
});

Deno.test("every exit code explain can print is accounted for by a fact it prints", () => {
  const scenarios = [
    [{ id: "c1", statuses: { correct: "pass" as const } }],
    [{ id: "c1", statuses: { correct: "fail" as const } }],
    [{ id: "c1", statuses: { correct: "error" as const } }],
  ];
  const base = fakeRun(A, scenarios[0]);
  for (const cases of scenarios) {
    const result = compareRuns(base, fakeRun(B, cases));
    const lines = explainLines(result);
    const last = lines.at(-1) ?? "";
    ok(last.startsWith(`verdict ${result.verdict}`), last);
    const printedKinds = lines.slice(0, -1).map((l) => l.split(/\s+/)[0]);
    const forcing = printedKinds.filter((k) => k in VERDICT_FORCED_BY_FACT).map((k) =>
      VERDICT_FORCED_BY_FACT[k as keyof typeof VERDICT_FORCED_BY_FACT]
    );
    assertEquals(Math.max(0, ...forcing), result.verdict);
    assertEquals(gateVerdictOf(result.facts), result.verdict);
  }
});

Deno.test("a baseline recorded before case inputs were is not re-checked while its cases are the same", () => {
  const base = fakeRun(A, [{ id: "c1", statuses: { correct: "pass" } }]);
  delete base.cases[0].inputs_digest;
  const now = fakeRun(B, [{ id: "c1", statuses: { correct: "pass" } }]);
  now.cases[0].expected = "x";
  const result = compareRuns(base, now);
  assertEquals(result.facts.filter((f) => f.kind.includes("recheck")), []);
  assertEquals(result.verdict, 0);
});

Deno.test("a baseline that names its module target by an absolute URL compares with a run naming it from the repository root as with itself (ADR 0118)", () => {
  const cases = [{ id: "a", statuses: { correct: "pass" as const } }, {
    id: "b",
    statuses: { correct: "pass" as const },
  }];
  const older = {
    ...fakeRun("20261130-000000-000-aaaaaa", cases),
    target: { kind: "module", name: "file:///home/ana/shop/evals/system.ts#answer" },
  };
  const now = {
    ...fakeRun("20261130-000001-000-bbbbbb", cases),
    target: { kind: "module", name: "evals/system.ts#answer" },
  };
  const renamed = compareRuns(older, now);
  const same = compareRuns({ ...older, target: now.target }, now);
  assertEquals(renamed.verdict, 0);
  assertEquals(renamed.facts, same.facts);
});
