import type { AggregateSpecInput } from "./aggregate_spec.ts";
import type { Assertion } from "./assertions/assertion.ts";
import type { CaseInput } from "./case.ts";
import type { GateSettingsInput } from "./gate_settings.ts";
import type { ReportSettingsInput } from "./report_settings.ts";
import type {
  CommandTarget,
  HttpTarget,
  ModuleTarget,
  ProviderTarget,
  RunSettings,
  TargetFunction,
} from "./target_spec.ts";

/**
 * A target in the code form: a table like the TOML one, a function, or a function with
 * settings.
 *
 * @example
 * ```ts
 * import type { TargetDefinition } from "../../mod.ts";
 * const targets: TargetDefinition[] = [
 *   (vars) => String(vars.question).toUpperCase(),
 *   { fn: (vars) => String(vars.question), name: "echo", concurrency: 1 },
 *   { command: ["./answer.sh"] },
 * ];
 * ```
 */
export type TargetDefinition =
  | CommandTarget
  | ModuleTarget
  | HttpTarget
  | ProviderTarget
  | TargetFunction
  | FunctionTarget;

/**
 * A function target with a name (it names the target in the run) and settings.
 *
 * @example
 * ```ts
 * import type { FunctionTarget } from "../../mod.ts";
 * const target: FunctionTarget = { fn: () => "ok", name: "always-ok", timeout_ms: 1_000 };
 * ```
 */
export interface FunctionTarget extends Partial<RunSettings> {
  /** Called once per case (per draw) with the case's vars. */
  fn: TargetFunction;
  /** How runs name the target; the function's own name (or "function") when absent. */
  name?: string;
}

/**
 * What a suite module declares; the loader validates it exactly as it validates a TOML suite.
 *
 * @example
 * ```ts
 * import { defineSuite, equals, type SuiteDefinition } from "../../mod.ts";
 * const definition: SuiteDefinition = {
 *   name: "shout",
 *   target: (vars) => String(vars.text).toUpperCase(),
 *   assertions: [equals({ name: "loud" })],
 *   cases: [{ id: "hi", vars: { text: "hi" }, expected: "HI" }],
 *   gate: { alpha: 0.05 },
 * };
 * export const suite = defineSuite(definition);
 * ```
 */
export interface SuiteDefinition {
  /** The suite's name: it names the runs and the baseline in the store. */
  name: string;
  /** For people. */
  description?: string;
  /** The system under test. */
  target: TargetDefinition;
  /** The checks asked of every output (a calibration case asks only its own). */
  assertions: Assertion[];
  /** The figures computed over the checks; the first accuracy gates unless one is primary. */
  aggregates?: AggregateSpecInput[];
  /** The cases declared inline; `cases_file` adds more. */
  cases?: CaseInput[];
  /** Paths relative to the suite module: JSONL, CSV or TSV files of cases. */
  cases_file?: string | string[];
  /** How comparisons decide: the false-alarm rate, the power, the confirm budget. */
  gate?: GateSettingsInput;
  /** How reports are shared: `redact` replaces payloads by their digests. */
  report?: ReportSettingsInput;
}

/**
 * Marks a suite definition so the loader can tell it from any other export; `defineSuite` sets
 * it. The same symbol in every copy of digline (Symbol.for), so a suite built with one copy
 * loads in another.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { defineSuite, SUITE_DEFINITION } from "../../mod.ts";
 * const suite = defineSuite({ name: "s", target: () => "", assertions: [] });
 * ok(suite[SUITE_DEFINITION]);
 * ```
 */
export const SUITE_DEFINITION: unique symbol = Symbol.for("digline.suite-definition");

/**
 * A suite definition as `defineSuite` returns it: marked, so the loader finds it among a
 * module's exports.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { type DefinedSuite, defineSuite, isDefinedSuite } from "../../mod.ts";
 * const suite: DefinedSuite = defineSuite({ name: "s", target: () => "", assertions: [] });
 * ok(isDefinedSuite(suite));
 * ```
 */
export type DefinedSuite = SuiteDefinition & { readonly [SUITE_DEFINITION]: true };

/**
 * Declares a suite in code. Export the result as `suite` from the module you pass to
 * `digline run`.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { defineSuite, equals, isDefinedSuite } from "../../mod.ts";
 * export const suite = defineSuite({
 *   name: "echo",
 *   target: (vars: { text?: unknown }) => String(vars.text),
 *   assertions: [equals({ name: "same" })],
 *   cases: [{ id: "hello", vars: { text: "hi" }, expected: "hi" }],
 * });
 * ok(isDefinedSuite(suite));
 * ```
 */
export function defineSuite(definition: SuiteDefinition): DefinedSuite {
  return { ...definition, [SUITE_DEFINITION]: true };
}

/**
 * Whether a module export is a suite made by `defineSuite`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { defineSuite, isDefinedSuite } from "../../mod.ts";
 * const made = defineSuite({ name: "s", target: () => "", assertions: [] });
 * assertEquals([isDefinedSuite(made), isDefinedSuite({ name: "s" })], [true, false]);
 * ```
 */
export function isDefinedSuite(value: unknown): value is DefinedSuite {
  return typeof value === "object" && value !== null &&
    (value as Record<symbol, unknown>)[SUITE_DEFINITION] === true;
}
