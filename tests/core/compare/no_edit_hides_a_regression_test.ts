import { ok } from "node:assert/strict";
import { seededRandom } from "../../../bench/_seeded_random.ts";
import { compareRuns } from "../../../core/compare/compare.ts";
import { recordedAssertions } from "../../../core/compare/recheck_rules.ts";
import { shortDigest } from "../../../core/digest.ts";
import { computeFigures } from "../../../core/run/aggregate.ts";
import { caseInputs } from "../../../core/run/case_inputs.ts";
import type { CaseResult, RunDocument } from "../../../core/run/run_document.ts";
import type { Score } from "../../../core/run/verdict.ts";
import type { Assertion } from "../../../core/suite/assertions/assertion.ts";
import { builtinAssertion } from "../../../core/suite/assertions/builtin.ts";
import {
  type BuiltinAssertionInput,
  BuiltinAssertionSchema,
} from "../../../core/suite/assertions/definition.ts";
import type { Case } from "../../../core/suite/case.ts";

/**
 * The property: after any edit of the suite's check (loosen, tighten, rename, change a case's
 * expected, swap the check for another), compare never exits 0 when the candidate, judged by the
 * new rules, fails a case the baseline's own outputs pass under the same new rules.
 */
const TRIALS = 600;
const WORDS = ["paris", "rome", "oslo", "lima"];

type Random = () => number;
type Definition = Exclude<BuiltinAssertionInput, { kind: "judge" }>;

interface Trial {
  before: { check: Definition; expected: string[] };
  after: { check: Definition; expected: string[] };
  baselineOutputs: string[];
  candidateOutputs: string[];
  baselineRuns: number;
  edits: string[];
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** One of the shapes an output takes: right, shouted, padded, another word, or empty. */
function outputFor(random: Random, expected: string): string {
  return pick(random, [
    expected,
    expected,
    expected.toUpperCase(),
    ` ${expected} `,
    pick(random, WORDS),
    `${expected}!`,
    "",
  ]);
}

function randomCheck(random: Random, name: string): Definition {
  switch (pick(random, ["equals", "includes", "regex", "length"] as const)) {
    case "equals":
      return { name, kind: "equals", trim: random() < 0.5, ignore_case: random() < 0.5 };
    case "includes":
      return { name, kind: "includes", value: pick(random, WORDS), ignore_case: random() < 0.5 };
    case "regex":
      return {
        name,
        kind: "regex",
        pattern: `^${pick(random, WORDS).slice(0, 2)}`,
        flags: pick(random, ["", "i"]),
      };
    case "length":
      return {
        name,
        kind: "length",
        min: Math.floor(random() * 5),
        max: 4 + Math.floor(random() * 4),
      };
  }
}

/** Loosens (true) or tightens (false) a check by one of its parameters. */
function bend(check: Definition, loosen: boolean): Definition {
  switch (check.kind) {
    case "equals":
      return { ...check, ...(loosen ? { ignore_case: true, trim: true } : { ignore_case: false }) };
    case "includes":
      return { ...check, ignore_case: loosen };
    case "regex":
      return { ...check, flags: loosen ? "i" : "" };
    case "length":
      return loosen ? { ...check, min: 0, max: 20 } : { ...check, min: 5, max: 5 };
    default:
      return check;
  }
}

/** The generator: a suite, a baseline, a candidate that may have broken, and an edit. */
function generate(random: Random): Trial {
  const size = 2 + Math.floor(random() * 9);
  const expected = Array.from({ length: size }, () => pick(random, WORDS));
  const check = randomCheck(random, "correct");
  const baselineOutputs = expected.map((e) => outputFor(random, e));
  const candidateOutputs = baselineOutputs.map((o, i) =>
    random() < 0.3 ? outputFor(random, expected[i]) : o
  );
  let after = { check, expected: [...expected] };
  const edits: string[] = [];
  const count = 1 + Math.floor(random() * 2);
  for (let i = 0; i < count; i++) {
    const edit = pick(random, ["loosen", "tighten", "rename", "expected", "swap", "none"]);
    edits.push(edit);
    if (edit === "loosen" || edit === "tighten") {
      after = { ...after, check: bend(after.check, edit === "loosen") };
    } else if (edit === "rename") {
      after = { ...after, check: { ...after.check, name: pick(random, ["exact", "right", "ok"]) } };
    } else if (edit === "expected") {
      const at = Math.floor(random() * size);
      after.expected[at] = pick(random, WORDS);
    } else if (edit === "swap") {
      after = { ...after, check: randomCheck(random, after.check.name) };
    }
  }
  return {
    before: { check, expected },
    after,
    baselineOutputs,
    candidateOutputs,
    baselineRuns: random() < 0.7 ? 1 : 2,
    edits,
  };
}

function build(definition: Definition): Assertion {
  return builtinAssertion(BuiltinAssertionSchema.parse(definition));
}

function judged(check: Assertion, output: string, expected: string): "pass" | "fail" | "error" {
  const testCase: Case = { id: "x", kind: "normal", vars: {}, expected };
  return (check.check({ output, testCase }) as Score).status;
}

/** A run document as `digline run` records one: definitions, case inputs and figures. */
function runOf(
  runId: string,
  options: { check: Assertion; expected: string[]; outputs: string[] },
): RunDocument {
  const { check } = options;
  const assertions = recordedAssertions([check]);
  const aggregates = [{ name: "accuracy", kind: "accuracy" as const, over: check.name }];
  const cases: CaseResult[] = options.outputs.map((output, i) => ({
    case_id: `case-${i}`,
    kind: "normal",
    output,
    verdicts: [{
      assertion_id: check.id,
      assertion: check.name,
      status: judged(check, output, options.expected[i]),
      metadata: {},
    }],
    latency_ms: 1,
    attempts: 1,
    ...caseInputs({ vars: { n: i }, expected: options.expected[i] }),
  }));
  return {
    schema_version: 1,
    run_id: runId,
    tenant: "default",
    suite: {
      name: "s",
      cases_digest: shortDigest(options.expected),
      config_hash: shortDigest(check.id),
      source: "s.toml",
    },
    target: { kind: "function", name: "f" },
    git_commit: null,
    started_at: "2026-11-30T00:00:00.000Z",
    finished_at: "2026-11-30T00:00:01.000Z",
    assertions,
    aggregates,
    cases,
    figures: computeFigures(aggregates, { assertions, cases }),
  };
}

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
