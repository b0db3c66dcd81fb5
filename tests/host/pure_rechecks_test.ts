import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { seededRandom } from "../../bench/_seeded_random.ts";
import { compareRuns } from "../../core/compare/compare_runs.ts";
import type { RunDocument } from "../../core/run/run_document.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { customAssertion } from "../../core/suite/assertions/custom.ts";
import type { Case } from "../../core/suite/case.ts";
import { pureRechecksOn } from "../../host/work/baseline_rechecks.ts";
import { build, type Definition, generate, judged, runOf } from "../core/_check_edits.ts";

/**
 * The property: a custom check declared pure is as safe to edit as a built-in. After any edit
 * (the generator in tests/core/_check_edits.ts: loosen, tighten, rename, change a case's
 * expected, swap the check), the candidate run's re-checks of the baseline under its pure check
 * make compare exit 1 wherever the candidate, judged by the new check, fails a case the
 * baseline's outputs pass under the same check; never 0. The same edit of a check not declared
 * pure is unjudged (2).
 */
const TRIALS = 400;

/** The built-in check as a custom one: its params are the definition, so an edit moves its id. */
function custom(definition: Definition, pure: boolean): Assertion {
  const builtin = build(definition);
  return customAssertion({
    name: definition.name,
    params: builtin.definition,
    pure,
    check: (input) => builtin.check(input),
  });
}

/** The candidate suite's cases, as run_suite hands them to the re-check. */
function casesOf(expected: string[]): Case[] {
  return expected.map((e, i) => ({ id: `case-${i}`, kind: "normal", vars: { n: i }, expected: e }));
}

async function withRechecks(
  candidate: RunDocument,
  given: { baseline: RunDocument[]; check: Assertion; expected: string[] },
): Promise<RunDocument> {
  const rechecks = await pureRechecksOn(given.baseline, {
    assertions: [given.check],
    cases: casesOf(given.expected),
  });
  return rechecks.length === 0 ? candidate : { ...candidate, baseline_rechecks: rechecks };
}

type Trial = ReturnType<typeof generate>;

/** The trial's baseline runs: its stored outputs graded by `check` against `expected`. */
function baselineRuns(
  t: Trial,
  graded: { check: Assertion; expected: string[] },
): RunDocument[] {
  return [0, 1].slice(0, t.baselineRuns).map((i) =>
    runOf(`20261130-000000-00${i}-aaaaaa`, { ...graded, outputs: t.baselineOutputs })
  );
}

/** One trial's checks and runs: the baseline under the old check, the candidate under the new. */
async function trialRuns(t: Trial, options: { pure: boolean }) {
  const oldCheck = custom(t.before.check, options.pure);
  const newCheck = custom(t.after.check, options.pure);
  const baseline = baselineRuns(t, { check: oldCheck, expected: t.before.expected });
  const plain = runOf("20261130-000001-000-bbbbbb", {
    check: newCheck,
    expected: t.after.expected,
    outputs: t.candidateOutputs,
  });
  const candidate = await withRechecks(plain, {
    baseline,
    check: newCheck,
    expected: t.after.expected,
  });
  return { oldCheck, newCheck, baseline, plain, candidate };
}

Deno.test(`no edit of a pure custom check turns a regression into exit 0 (${TRIALS} random trials)`, async () => {
  const random = seededRandom(53);
  let regressed = 0;
  let rechecked = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const t = generate(random);
    const { newCheck, baseline, plain, candidate } = await trialRuns(t, { pure: true });
    if (candidate.baseline_rechecks !== undefined) rechecked += 1;
    const broke = t.candidateOutputs.some((out, i) =>
      judged(newCheck, t.baselineOutputs[i], t.after.expected[i]) === "pass" &&
      judged(newCheck, out, t.after.expected[i]) === "fail"
    );
    const unedited = baselineRuns(t, { check: newCheck, expected: t.after.expected });
    const worseUnedited = compareRuns(unedited, plain).verdict !== 0;
    const verdict = compareRuns(baseline, candidate).verdict;
    if (broke) regressed += 1;
    ok(
      !(worseUnedited && verdict === 0) && !(broke && t.baselineRuns === 1 && verdict === 0),
      `trial ${trial}: edits ${t.edits.join("+")} hid a regression: ${JSON.stringify(t)}`,
    );
    // Judged by the same rules on both sides, the verdict is the unedited one.
    assertEquals(verdict, compareRuns(unedited, plain).verdict, `trial ${trial}`);
  }
  ok(regressed >= TRIALS / 10, `only ${regressed} of ${TRIALS} trials had a regression`);
  ok(rechecked >= TRIALS / 4, `only ${rechecked} of ${TRIALS} trials re-checked the baseline`);
});

Deno.test(`an edit of a custom check not declared pure is unjudged (2) (${TRIALS} random trials)`, async () => {
  const random = seededRandom(54);
  let edited = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const t = generate(random);
    const { oldCheck, newCheck, baseline, candidate } = await trialRuns(t, { pure: false });
    assertEquals(candidate.baseline_rechecks, undefined, "an impure check is never re-applied");
    const changed = oldCheck.id !== newCheck.id ||
      t.before.expected.some((e, i) => e !== t.after.expected[i]);
    if (!changed) continue;
    edited += 1;
    const comparison = compareRuns(baseline, candidate);
    assertEquals(comparison.verdict, 2, `trial ${trial}: edits ${t.edits.join("+")}`);
    ok(
      comparison.facts.some((f) =>
        f.kind === "not-rechecked" && /pure: true/.test(f.resolve ?? "")
      ),
      `trial ${trial}: the way out is named`,
    );
  }
  ok(edited >= TRIALS / 2, `only ${edited} of ${TRIALS} trials edited the check`);
});
