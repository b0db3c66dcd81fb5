// The library's types follow the variables a code-form suite's target declares: a typed target
// type-checks, and a case or a check that names a key the target does not take fails to compile.
// `deno check --config tests/deno.json tests/` (the tests' type check, run before every test run
// and in CI) holds the `@ts-expect-error` lines: each must be an error, or the check fails.
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import {
  type CheckInput,
  custom,
  type CustomAssertionInput,
  defineSuite,
  equals,
  type FunctionTarget,
  isDefinedSuite,
  type TargetFunction,
} from "../../../mod.ts";

const context = { signal: new AbortController().signal };

Deno.test("a code-form suite whose target declares its vars' types is a suite", async () => {
  const answer = (vars: { q: string; lang?: "en" | "fr" }) =>
    vars.lang === "fr" ? `« ${vars.q} »` : vars.q.toUpperCase();
  const suite = defineSuite({
    name: "typed",
    target: answer,
    assertions: [equals({ name: "same" })],
    cases: [
      { id: "en", vars: { q: "hi" }, expected: "HI" },
      { id: "fr", vars: { q: "salut", lang: "fr" }, expected: "« salut »" },
    ],
  });
  ok(isDefinedSuite(suite));
  assertEquals(await answer({ q: "hi" }), "HI");
});

Deno.test("a function target with settings, a typed TargetFunction and a typed check type-check", async () => {
  const fn: TargetFunction<{ q: string }> = (vars, { signal }) => signal.aborted ? "" : vars.q;
  const target: FunctionTarget<{ q: string }> = { fn, name: "echo", concurrency: 1 };
  const mentions = custom<{ q: string }>({
    name: "mentions",
    check: ({ output, testCase }) => output.includes(testCase.vars.q),
  });
  const suite = defineSuite({
    name: "settings",
    target,
    assertions: [mentions],
    cases: [{ id: "a", vars: { q: "hi" } }],
  });
  ok(isDefinedSuite(suite));
  assertEquals(await fn({ q: "hi" }, context), "hi");
  const input: CheckInput<{ q: string }> = {
    output: "hi there",
    testCase: { id: "a", kind: "normal", vars: { q: "hi" } },
  };
  assertEquals(await mentions.check(input), true);
});

Deno.test("a target that declares no types takes any JSON object, as before", async () => {
  const suite = defineSuite({
    name: "untyped",
    target: (vars) => String(vars.name),
    assertions: [],
    cases: [{ id: "a", vars: { name: "Ada", tags: ["x"], n: 1 } }],
  });
  ok(isDefinedSuite(suite));
  const table = defineSuite({
    name: "table",
    target: { command: ["./answer.sh"] },
    assertions: [],
    cases: [{ id: "a", vars: { anything: { nested: true } } }],
  });
  ok(isDefinedSuite(table));
  const greet: TargetFunction = (vars) => `Hello, ${String(vars.name)}!`;
  assertEquals(await greet({ name: "Ada" }, context), "Hello, Ada!");
});

// What must not compile. These functions are never called: only the type check reads them.

export function misspeltRequiredKey() {
  return defineSuite({
    name: "misspelt",
    target: (vars: { q: string }) => vars.q,
    assertions: [],
    cases: [
      // @ts-expect-error: the target takes `q`; `qq` is a misspelling of it
      { id: "a", vars: { qq: "hi" } },
    ],
  });
}

export function misspeltOptionalKey() {
  return defineSuite({
    name: "misspelt",
    target: (vars: { q: string; lang?: string }) => `${vars.q} ${vars.lang ?? ""}`,
    assertions: [],
    cases: [
      // @ts-expect-error: `lnag` is not a key the target takes, though `lang` is optional
      { id: "a", vars: { q: "hi", lnag: "fr" } },
    ],
  });
}

export function misspeltKeyInAFunctionTargetWithSettings() {
  return defineSuite({
    name: "misspelt",
    target: { fn: (vars: { q: string }) => vars.q, name: "echo" },
    assertions: [],
    // @ts-expect-error: `qq` is not a key the target takes
    cases: [{ id: "a", vars: { qq: "hi" } }],
  });
}

export function wrongValueType() {
  return defineSuite({
    name: "wrong",
    target: (vars: { q: string }) => vars.q,
    assertions: [],
    // @ts-expect-error: `q` is text, not a number
    cases: [{ id: "a", vars: { q: 1 } }],
  });
}

export function misspeltKeyInTheTarget() {
  return defineSuite({
    name: "misspelt",
    // @ts-expect-error: the target reads a key its own vars do not have
    target: (vars: { q: string }) => vars.qq,
    assertions: [],
    cases: [{ id: "a", vars: { q: "hi" } }],
  });
}

export function misspeltKeyInATypedCheck(): CustomAssertionInput<{ q: string }> {
  return {
    name: "mentions",
    // @ts-expect-error: the check reads a key the case's vars do not have
    check: ({ output, testCase }) => output.includes(testCase.vars.qq),
  };
}

export function misspeltKeyBesideAContextParameter() {
  return defineSuite({
    name: "misspelt",
    target: async (vars: { q: string }, { signal }) => signal.aborted ? "" : await vars.q,
    assertions: [],
    // @ts-expect-error: `qq` is not a key the target takes
    cases: [{ id: "a", vars: { qq: "hi" } }],
  });
}
