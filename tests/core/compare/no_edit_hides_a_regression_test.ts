import { ok } from "node:assert/strict";
import { seededRandom } from "../../../bench/_seeded_random.ts";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { build, generate, judged, runOf } from "../_check_edits.ts";

/**
 * The property: after any edit of the suite's check (loosen, tighten, rename, change a case's
 * expected, swap the check for another), compare never exits 0 when the candidate, judged by the
 * new rules, fails a case the baseline's own outputs pass under the same new rules.
 */
const TRIALS = 600;

// The generator (tests/core/_check_edits.ts) is shared with the pure custom checks' property
// (tests/host/pure_rechecks_test.ts).
Deno.test(`no edit of a check turns a regression into exit 0 (${TRIALS} random trials)`, () => {
  const random = seededRandom(12);
  let regressed = 0;
  let hiddenBefore = 0;
  let gated = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const t = generate(random);
    const oldCheck = build(t.before.check);
    const newCheck = build(t.after.check);
    const baseline = [0, 1].slice(0, t.baselineRuns).map((i) =>
      runOf(`20261130-000000-00${i}-aaaaaa`, {
        check: oldCheck,
        expected: t.before.expected,
        outputs: t.baselineOutputs,
      })
    );
    const candidate = runOf("20261130-000001-000-bbbbbb", {
      check: newCheck,
      expected: t.after.expected,
      outputs: t.candidateOutputs,
    });
    // The oracle: both sides judged by the new rules, case by case.
    const broke = t.candidateOutputs.some((out, i) =>
      judged(newCheck, t.baselineOutputs[i], t.after.expected[i]) === "pass" &&
      judged(newCheck, out, t.after.expected[i]) === "fail"
    );
    const verdict = compareRuns(baseline, candidate).verdict;
    // The gate's own answer with no edit at all: the baseline's outputs judged by the new rules.
    // Against several baseline runs a single flip may be within the baseline's history, so the
    // property is that the edit never turns that answer's 1 into a 0.
    const unedited = [0, 1].slice(0, t.baselineRuns).map((i) =>
      runOf(`20261130-000000-00${i}-aaaaaa`, {
        check: newCheck,
        expected: t.after.expected,
        outputs: t.baselineOutputs,
      })
    );
    const worseUnedited = compareRuns(unedited, candidate).verdict !== 0;
    if (worseUnedited) gated += 1;
    if (broke) {
      regressed += 1;
      // What the stored verdicts alone showed: the old rules on the baseline, the new on the candidate.
      const visible = t.candidateOutputs.some((out, i) =>
        oldCheck.id === newCheck.id &&
        judged(oldCheck, t.baselineOutputs[i], t.before.expected[i]) === "pass" &&
        judged(newCheck, out, t.after.expected[i]) === "fail"
      );
      if (!visible) hiddenBefore += 1;
    }
    ok(
      !(worseUnedited && verdict === 0) && !(broke && t.baselineRuns === 1 && verdict === 0),
      `trial ${trial}: edits ${t.edits.join("+")} hid a regression: ${JSON.stringify(t)}`,
    );
  }
  // The generator must actually produce what the property is about, or the test proves nothing.
  ok(regressed >= TRIALS / 10, `only ${regressed} of ${TRIALS} trials had a regression`);
  ok(hiddenBefore >= TRIALS / 20, `only ${hiddenBefore} trials had one the old rules hid`);
  ok(gated >= TRIALS / 10, `only ${gated} of ${TRIALS} trials were worse under the new rules`);
});
