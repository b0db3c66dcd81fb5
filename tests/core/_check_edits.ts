/**
 * The generator of the "no edit hides a regression" properties: a suite of one check, a
 * baseline, a candidate that may have broken, and random edits of the check (loosen, tighten,
 * rename, change a case's expected, swap the check for another).
 *
 * @module
 */
import { recordedAssertions } from "../../core/run/recorded_assertions.ts";
import { shortDigest } from "../../core/digest.ts";
import { computeFigures } from "../../core/run/aggregate.ts";
import { caseInputs } from "../../core/run/case_inputs.ts";
import type { CaseResult, RunDocument } from "../../core/run/run_document.ts";
import type { Score } from "../../core/verdict.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { builtinAssertion } from "../../core/suite/assertions/builtin.ts";
import {
  type BuiltinAssertionInput,
  BuiltinAssertionSchema,
} from "../../core/suite/assertions/definition.ts";
import type { Case } from "../../core/suite/case.ts";

export const WORDS = ["paris", "rome", "oslo", "lima"];

export type Random = () => number;
export type Definition = Exclude<BuiltinAssertionInput, { kind: "judge" }>;

export interface Trial {
  before: { check: Definition; expected: string[] };
  after: { check: Definition; expected: string[] };
  baselineOutputs: string[];
  candidateOutputs: string[];
  baselineRuns: number;
  edits: string[];
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** One of the shapes an output takes: right, shouted, padded, another word, or empty. */
export function outputFor(random: Random, expected: string): string {
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

export function randomCheck(random: Random, name: string): Definition {
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
export function bend(check: Definition, loosen: boolean): Definition {
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
export function generate(random: Random): Trial {
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

export function build(definition: Definition): Assertion {
  return builtinAssertion(BuiltinAssertionSchema.parse(definition));
}

export function judged(
  check: Assertion,
  output: string,
  expected: string,
): "pass" | "fail" | "error" {
  const testCase: Case = { id: "x", kind: "normal", vars: {}, expected };
  return (check.check({ output, testCase }) as Score).status;
}

/** A run document as `digline run` records one: definitions, case inputs and figures. */
export function runOf(
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
