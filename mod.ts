/**
 * digline's library API: what a suite written in code imports.
 *
 * ```ts
 * import { custom, defineSuite, equals } from "./mod.ts";
 *
 * export const suite = defineSuite({
 *   name: "greeter",
 *   target: (vars) => `Hello, ${vars.name}!`,
 *   assertions: [
 *     equals({ name: "exact" }),
 *     custom({ name: "polite", check: ({ output }) => output.endsWith("!") }),
 *   ],
 *   cases: [{ id: "ada", vars: { name: "Ada" }, expected: "Hello, Ada!" }],
 * });
 * ```
 *
 * @module
 */
export { defineSuite, isDefinedSuite } from "./core/suite/define_suite.ts";
export type { DefinedSuite, SuiteDefinition, TargetDefinition } from "./core/suite/define_suite.ts";
export {
  equals,
  includes,
  json,
  judge,
  length,
  notIncludes,
  number,
  regex,
} from "./core/suite/assertions/constructors.ts";
export { customAssertion as custom } from "./core/suite/assertions/custom.ts";
export type { CustomAssertionInput } from "./core/suite/assertions/custom.ts";
export type { Assertion, CheckInput, CheckResult } from "./core/suite/assertions/assertion.ts";
export type { Case, CaseInput, CaseKind } from "./core/suite/case.ts";
export type { AggregateSpecInput } from "./core/suite/aggregate_spec.ts";
export type { Score, Verdict, VerdictStatus } from "./core/run/verdict.ts";
export type { JsonObject, JsonValue } from "./core/json.ts";
export type { CaseResult, Figure, RunDocument } from "./core/run/run_document.ts";
export { AssertionShapeError, DiglineError, RefusalError } from "./core/errors.ts";
