import type { AggregateSpecInput } from "./aggregate_spec.ts";
import type { Assertion } from "./assertions/assertion.ts";
import type { CaseInput } from "./case.ts";
import type { GateSettingsInput } from "./gate_settings.ts";
import type { RunSettings, TargetFunction, TargetTable } from "./target_spec.ts";

/** A target in the code form: a table like the TOML one, or a function with optional settings. */
export type TargetDefinition =
  | z_input<TargetTable>
  | TargetFunction
  | ({ fn: TargetFunction; name?: string } & Partial<RunSettings>);

// The TOML table's input shape, loosened so defaults may be left out.
type z_input<T> = { [K in keyof T]?: T[K] };

/** What a suite module declares; the loader validates it exactly as it validates a TOML suite. */
export interface SuiteDefinition {
  name: string;
  description?: string;
  target: TargetDefinition;
  assertions: Assertion[];
  aggregates?: AggregateSpecInput[];
  cases?: CaseInput[];
  /** Paths relative to the suite module: JSONL, CSV or TSV files of cases. */
  cases_file?: string | string[];
  /** How comparisons decide: the false-alarm rate, the power, the confirm budget. */
  gate?: GateSettingsInput;
}

/** Marks a suite definition so the loader can tell it from any other export. */
export const SUITE_DEFINITION = Symbol.for("digline.suite-definition");

/** A suite definition as `defineSuite` returns it. */
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

/** Whether a module export is a suite made by `defineSuite`. */
export function isDefinedSuite(value: unknown): value is DefinedSuite {
  return typeof value === "object" && value !== null &&
    (value as Record<symbol, unknown>)[SUITE_DEFINITION] === true;
}
