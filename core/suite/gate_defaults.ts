import { GateSettingsDefaults } from "../generated/schema_facts.js";
import type { AggregateSpec } from "./aggregate_spec.ts";

/**
 * The settings of a suite that declares no `[gate]`: GateSettingsSchema's defaults, read off the
 * schema by `deno task generate:validators` so comparing loads no zod (ADR 0128).
 */
export const DEFAULT_GATE_SETTINGS: DefaultGateSettings = GateSettingsDefaults;

/**
 * The type of the defaults, named here rather than taken from the generated module: the bundle's
 * declarations carry the product's `.ts` files only.
 */
interface DefaultGateSettings {
  readonly alpha: number;
  readonly power: number;
  readonly noisy_draws: number;
  readonly confirm_draws: number;
  readonly min_change: number;
}

/**
 * The aggregate that gates: the one marked `primary = true`, else the first accuracy, else the
 * first aggregate; null without aggregates.
 */
export function primaryAggregate(aggregates: readonly AggregateSpec[]): string | null {
  return (aggregates.find((a) => a.primary === true) ??
    aggregates.find((a) => a.kind === "accuracy") ?? aggregates[0])?.name ?? null;
}
