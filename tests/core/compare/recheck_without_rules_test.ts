import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { seededRandom } from "../../../bench/_seeded_random.ts";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { compareRunsWith } from "../../../core/compare/comparison.ts";
import { recheckBaseline } from "../../../core/compare/recheck.ts";
import { recheckableCheck } from "../../../core/compare/recheck_rules.ts";
import { build, generate, runOf } from "../_check_edits.ts";

/**
 * The property: `compare` loads the recheck rules (and zod with them) only when recheckBaseline,
 * given none, answers that it needs them. So without the rules it must either say so or give
 * exactly what it gives with them, and it says so only when a check is re-applied.
 */
const TRIALS = 400;

Deno.test(`recheckBaseline without rules asks for them exactly when a check is re-applied (${TRIALS} random edits)`, () => {
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
    const withRules = recheckBaseline(baseline, candidate, { rules: recheckableCheck });
    const without = recheckBaseline(baseline, candidate);
    const reapplied = withRules.facts.some((f) =>
      f.kind === "rechecked" || f.kind === "not-rechecked"
    );
    if (without === "needs-rules") {
      needed += 1;
      ok(reapplied, `trial ${trial}: asked for the rules and re-applied nothing`);
    } else {
      ok(!reapplied, `trial ${trial}: re-applied a check without the rules`);
      assertEquals(without, withRules, `trial ${trial}`);
      // And the comparison made from it is compareRuns' own.
      assertEquals(
        compareRunsWith(baseline, candidate, { recheck: without }),
        compareRuns(baseline, candidate),
      );
    }
  }
  // Both sides of the property are exercised: edits that need a re-check and ones that do not.
  ok(needed > TRIALS / 10 && needed < TRIALS * 0.9, `${needed} of ${TRIALS} needed a re-check`);
});
