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
export { defineSuite, isDefinedSuite } from "./core/define_suite.ts";
export type { DefinedSuite, SuiteDefinition, TargetDefinition } from "./core/define_suite.ts";
export {
  equals,
  includes,
  json,
  judge,
  length,
  notIncludes,
  number,
  regex,
} from "./core/assertions/constructors.ts";
export { customAssertion as custom } from "./core/assertions/custom.ts";
export type { CustomAssertionInput } from "./core/assertions/custom.ts";
export type { Assertion, CheckInput, CheckResult } from "./core/assertions/assertion.ts";
export type { Case, CaseInput, CaseKind } from "./core/case.ts";
export type { AggregateSpecInput } from "./core/aggregate_spec.ts";
export type { Score, Verdict, VerdictStatus } from "./core/verdict.ts";
export type { JsonObject, JsonValue } from "./core/json.ts";
export type { CaseResult, Figure, RunDocument } from "./core/run_document.ts";
export { AssertionShapeError } from "./core/errors.ts";
