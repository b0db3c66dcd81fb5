import type { AggregateSpecInput } from "./aggregate_spec.ts";
import type { Assertion } from "./assertions/assertion.ts";
import type { CaseInput } from "./case.ts";
import type { GateSettingsInput } from "./gate_settings.ts";
import type { JsonObject } from "../json.ts";
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
 * settings. `V` is the type of a case's vars the function takes (any JSON object by default).
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
export type TargetDefinition<V extends object = JsonObject> =
  | CommandTarget
  | ModuleTarget
  | HttpTarget
  | ProviderTarget
  | TargetFunction<V>
  | FunctionTarget<V>;

/**
 * A function target with a name (it names the target in the run) and settings. `V` is the type
 * of a case's vars its function takes (any JSON object by default).
 *
 * @example
 * ```ts
 * import type { FunctionTarget } from "../../mod.ts";
 * const target: FunctionTarget = { fn: () => "ok", name: "always-ok", timeout_ms: 1_000 };
 * const typed: FunctionTarget<{ q: string }> = { fn: (vars) => vars.q, name: "echo" };
 * ```
 */
export interface FunctionTarget<V extends object = JsonObject> extends Partial<RunSettings> {
  /** Called once per case (per draw) with the case's vars. */
  fn: TargetFunction<V>;
  /** How runs name the target; the function's own name (or "function") when absent. */
  name?: string;
}

/**
 * What a suite module declares; the loader validates it exactly as it validates a TOML suite.
 * `V` is the type of a case's vars: what a function target declares it takes, which every inline
 * case's vars must then match (a misspelt key does not compile); any JSON object when the target
 * declares none, or is a table.
 *
 * @example
 * ```ts
 * import { defineSuite, equals, type SuiteDefinition } from "../../mod.ts";
 * export const definition: SuiteDefinition = {
 *   name: "shout",
 *   target: (vars) => String(vars.text).toUpperCase(),
 *   assertions: [equals({ name: "loud" })],
 *   cases: [{ id: "hi", vars: { text: "hi" }, expected: "HI" }],
 *   gate: { alpha: 0.05 },
 * };
 * export const suite = defineSuite(definition);
 * ```
 */
export interface SuiteDefinition<V extends object = JsonObject> {
  /** The suite's name: it names the runs and the baseline in the store. */
  name: string;
  /** For people. */
  description?: string;
  /** The system under test. */
  target: TargetDefinition<V>;
  /** The checks asked of every output (a calibration case asks only its own). */
  assertions: Assertion[];
  /** The figures computed over the checks; the first accuracy gates unless one is primary. */
  aggregates?: AggregateSpecInput[];
  /**
   * The cases declared inline; `cases_file` adds more. Their vars are held to the target's
   * declaration, never the other way round (NoInfer), so a stray key is an error here.
   */
  cases?: CaseInput<NoInfer<V>>[];
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
export type DefinedSuite<V extends object = JsonObject> = SuiteDefinition<V> & {
  readonly [SUITE_DEFINITION]: true;
};

/**
 * Declares a suite in code. Export the result as `suite` from the module you pass to
 * `digline run`. A target that declares the type of its vars has every inline case's vars checked
 * against it.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { defineSuite, equals, isDefinedSuite } from "../../mod.ts";
 * export const suite = defineSuite({
 *   name: "echo",
 *   target: (vars: { text: string }) => vars.text,
 *   assertions: [equals({ name: "same" })],
 *   cases: [{ id: "hello", vars: { text: "hi" }, expected: "hi" }],
 * });
 * ok(isDefinedSuite(suite));
 * ```
 */
export function defineSuite<V extends object = JsonObject>(
  definition: SuiteDefinition<V>,
): DefinedSuite<V> {
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
