import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { checkHistory } from "../../../core/compare/check_history.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { fakeRun } from "../_runs.ts";

const CASE_IDS = ["c1", "c2", "c3"];
const CHECK_IDS = ["a1", "a2", "a3"];
const status = fc.constantFrom("pass" as const, "fail" as const, "error" as const);

/** A run of a few cases (a case id may repeat) whose verdicts may repeat or miss a check. */
const run = fc.array(
  fc.record({
    id: fc.constantFrom(...CASE_IDS),
    verdicts: fc.array(fc.tuple(fc.constantFrom(...CHECK_IDS), status), { maxLength: 4 }),
  }),
  { maxLength: 5 },
).map((cases) => {
  const doc = fakeRun("20261130-000000-000-aaaaaa", []);
  return {
    ...doc,
    cases: cases.map((c) => ({
      case_id: c.id,
      kind: "normal" as const,
      output: "x",
      verdicts: c.verdicts.map(([id, s]) => ({
        assertion_id: id,
        assertion: id,
        status: s,
        metadata: {},
      })),
      latency_ms: 1,
      attempts: 1,
    })),
  } satisfies RunDocument;
});

Deno.test("the history of one run, read in place, answers as the one built case by case", () => {
  fc.assert(
    fc.property(run, (one) => {
      const inPlace = checkHistory([one]);
      // A second run with no cases adds nothing, and takes the general walk.
      const built = checkHistory([one, { ...one, cases: [] }]);
      for (const caseId of [...CASE_IDS, "absent"]) {
        assertEquals(inPlace.get(caseId)?.size, built.get(caseId)?.size, caseId);
        for (const checkId of [...CHECK_IDS, "absent"]) {
          assertEquals(
            inPlace.get(caseId)?.get(checkId),
            built.get(caseId)?.get(checkId),
            `${caseId} ${checkId}`,
          );
        }
      }
    }),
    { numRuns: 2000 },
  );
});
