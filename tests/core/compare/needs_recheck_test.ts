import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { seededRandom } from "../../../bench/_seeded_random.ts";
import { compareRuns } from "../../../core/compare/compare.ts";
import { compareRunsWith } from "../../../core/compare/compare_runs.ts";
import { needsRecheck } from "../../../core/compare/recheck.ts";
import { build, generate, runOf } from "../_check_edits.ts";

/**
 * The property: `compare` loads the recheck rules (and zod with them) only when needsRecheck
 * says so, so needsRecheck must be true whenever comparing would re-apply a check; when it is
 * false, comparing without the rules gives what compareRuns gives.
 */
const TRIALS = 400;

Deno.test(`needsRecheck is true exactly when a comparison re-applies a check (${TRIALS} random edits)`, () => {
  const random = seededRandom(63);
  let needed = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const t = generate(random);
    const baseline = [0, 1].slice(0, t.baselineRuns).map((i) =>
      runOf(`20261130-000000-00${i}-aaaaaa`, {
        check: build(t.before.check),
        expected: t.before.expected,
        outputs: t.baselineOutputs,
      })
    );
    const candidate = runOf("20261130-000001-000-bbbbbb", {
      check: build(t.after.check),
      expected: t.after.expected,
      outputs: t.candidateOutputs,
    });
    const expected = compareRuns(baseline, candidate);
    if (needsRecheck(baseline, candidate)) {
      needed += 1;
      throws(() => compareRunsWith(baseline, candidate), /needs the recheck rules/);
    } else {
      assertEquals(compareRunsWith(baseline, candidate), expected, `trial ${trial}`);
      ok(!expected.facts.some((f) => f.kind === "rechecked" || f.kind === "not-rechecked"));
    }
  }
  // Both sides of the property are exercised: edits that need a re-check and ones that do not.
  ok(needed > TRIALS / 10 && needed < TRIALS * 0.9, `${needed} of ${TRIALS} needed a re-check`);
});
