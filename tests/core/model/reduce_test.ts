import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import {
  DEFAULT_REDUCTION,
  type ReduceRule,
  reduceVerdicts,
  reductionOf,
} from "../../../core/model/reduce.ts";
import type { Verdict } from "../../../core/verdict.ts";

function samples(statuses: string): Verdict[] {
  const of: Record<string, Verdict["status"]> = { p: "pass", f: "fail", e: "error" };
  return [...statuses].map((s, i) => ({
    assertion_id: "0123456789abcdef",
    assertion: "c",
    status: of[s],
    reason: `r${i + 1}`,
    metadata: {},
  }));
}

function status(rule: ReduceRule, statuses: string, min_pass_rate = 0.5): string {
  return reduceVerdicts(samples(statuses), { rule, min_pass_rate }).status;
}

Deno.test("each rule reduces samples as documented, and never reads an error as pass or fail", () => {
  const table: [ReduceRule, string, string][] = [
    ["all", "ppp", "pass"],
    ["all", "ppf", "fail"],
    ["all", "ppe", "error"],
    ["all", "pfe", "fail"],
    ["any", "fff", "fail"],
    ["any", "ffp", "pass"],
    ["any", "ffe", "error"],
    ["any", "pee", "pass"],
    ["majority", "ppf", "pass"],
    ["majority", "pff", "fail"],
    ["majority", "ppff", "fail"],
    ["majority", "pfe", "error"],
    ["majority", "ppe", "pass"],
    ["majority", "ffe", "fail"],
    ["majority", "eee", "error"],
    ["mean", "pfpf", "pass"],
    ["mean", "pfff", "fail"],
    ["mean", "pfee", "error"],
    ["mean", "ppfe", "pass"],
  ];
  for (const [rule, statuses, expected] of table) {
    assertEquals(status(rule, statuses), expected, `${rule} over ${statuses}`);
  }
  assertEquals(status("mean", "ppff", 0.75), "fail");
  assertEquals(status("mean", "pppf", 0.75), "pass");
});

Deno.test("mean's score is the pass rate of the samples that answered; the counts travel", () => {
  const reduced = reduceVerdicts(samples("ppfe"), { rule: "mean", min_pass_rate: 0.5 });
  assertEquals(reduced.score, 2 / 3);
  assertEquals(reduced.metadata, { reduce: "mean", samples: 4, passed: 2, failed: 1, errored: 1 });
  assertEquals(reduced.reason, "2 of 4 samples passed");
});

Deno.test("a failed or undecided reduction names the first sample that made it so", () => {
  assertEquals(
    reduceVerdicts(samples("pff"), DEFAULT_REDUCTION).reason,
    "1 of 3 samples passed, which fails majority; sample 2: r2",
  );
  assertEquals(
    reduceVerdicts(samples("pfe"), DEFAULT_REDUCTION).reason,
    "1 of 3 samples errored, so majority can not be decided; sample 3: r3",
  );
  throws(() => reduceVerdicts([], DEFAULT_REDUCTION), RangeError);
});

Deno.test("other rules average the samples' scores when every sample has one", () => {
  const scored = samples("pp").map((v, i) => ({ ...v, score: i + 1 }));
  assertEquals(reduceVerdicts(scored, DEFAULT_REDUCTION).score, 1.5);
  assertEquals(reduceVerdicts(samples("pp"), DEFAULT_REDUCTION).score, undefined);
});

Deno.test("an assertion's reduction comes from its definition, majority by default", () => {
  assertEquals(reductionOf({ name: "x", kind: "equals" }), DEFAULT_REDUCTION);
  assertEquals(reductionOf({ reduce: "mean", min_pass_rate: 0.8 }), {
    rule: "mean",
    min_pass_rate: 0.8,
  });
  assertEquals(reductionOf(null), DEFAULT_REDUCTION);
});
