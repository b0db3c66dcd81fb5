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
export { SUITE_DEFINITION } from "./core/suite/define_suite.ts";
export type {
  DefinedSuite,
  FunctionTarget,
  SuiteDefinition,
  TargetDefinition,
} from "./core/suite/define_suite.ts";
export type {
  CommandTarget,
  HttpTarget,
  ModuleTarget,
  ProviderTarget,
  RunSettings,
  TargetFunction,
} from "./core/suite/target_spec.ts";
export type { ModelConnectionOptions } from "./core/model/connection.ts";
export type {
  AssertionOptions,
  EqualsOptions,
  IncludesOptions,
  JsonOptions,
  JudgeOptions,
  LengthOptions,
  NumberOptions,
  RegexOptions,
} from "./core/suite/assertions/options.ts";
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
export type { AggregateSpec, AggregateSpecInput } from "./core/suite/aggregate_spec.ts";
export type { Shard } from "./core/run/shard.ts";
export type { GateSettingsInput, RunGate } from "./core/suite/gate_settings.ts";
export type { Redactable, ReportSettingsInput } from "./core/suite/report_settings.ts";
export type { Score, Verdict, VerdictStatus } from "./core/verdict.ts";
export type { JsonObject, JsonValue } from "./core/json.ts";
export type {
  BaselineRecheck,
  CaseResult,
  Exclusions,
  Figure,
  RetriedFrom,
  RunDocument,
} from "./core/run/run_document.ts";
export type { Sample } from "./core/model/sample.ts";
export type { TargetSettings } from "./core/run/target_settings.ts";
export type {
  ModelCall,
  ModelMeter,
  ModelRole,
  ModelUsage,
  RunTotals,
  TokenCounts,
} from "./core/model/usage.ts";
export { AssertionShapeError, DiglineError, RefusalError } from "./core/errors.ts";
export { assertNotWorse, NotWorseAssertionError } from "./host/library/assert_not_worse.ts";
export type { AssertNotWorseOptions, NotWorseResult } from "./host/library/assert_not_worse.ts";
