import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { measureBaseline } from "../../../core/compare/baseline_measure.ts";
import { casesById } from "../../../core/run/cases_by_id.ts";
import { fakeRun } from "../_runs.ts";

const status = fc.constantFrom("pass" as const, "fail" as const, "error" as const);
const fakeCase = fc.record({
  id: fc.constantFrom("c1", "c2", "c3", "c4"),
  kind: fc.constantFrom("normal" as const, "normal" as const, "canary" as const),
  group: fc.constantFrom(undefined, "a", "b"),
  statuses: fc.record({ correct: status, polite: status }, { requiredKeys: ["correct"] }),
});

Deno.test("measuring a one-run baseline by its cases' ids gives what the walk over its cases gives", () => {
  fc.assert(
    fc.property(fc.array(fakeCase, { maxLength: 6 }), fc.boolean(), (cases, malformed) => {
      // Grouped figures share their aggregate's name, and a case id may repeat.
      const run = fakeRun("20261130-000000-000-aaaaaa", cases, {
        aggregates: [
          { name: "accuracy", kind: "accuracy", over: "correct", by: "group" },
          { name: "manners", kind: "accuracy", over: "polite" },
        ],
      });
      if (malformed && run.figures.length > 0) {
        // A hand-edited run: a figure's name given twice, and a counted id listed twice.
        const [first] = run.figures;
        run.figures.push({ ...first, counted: first.counted.slice(1) });
        first.counted.push(...first.counted.slice(0, 1));
      }
      const walked = measureBaseline([run]);
      const byId = measureBaseline([run], { approvedCases: casesById(run.cases) });
      assertEquals(byId.draws, walked.draws);
      assertEquals(byId.sensitivity, walked.sensitivity);
      assertEquals(byId.noisyDraws, walked.noisyDraws);
    }),
    { numRuns: 1000 },
  );
});
