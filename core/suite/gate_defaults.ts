import type { AggregateSpec } from "./aggregate_spec.ts";

/**
 * The settings of a suite that declares no `[gate]`: GateSettingsSchema's defaults, written out
 * so comparing loads no zod (gate_settings.ts holds their type to the schema's).
 */
export const DEFAULT_GATE_SETTINGS = {
  alpha: 0.01,
  power: 0.9,
  noisy_draws: 2,
  confirm_draws: 10,
  min_change: 0.01,
};

/**
 * The aggregate that gates: the one marked `primary = true`, else the first accuracy, else the
 * first aggregate; null without aggregates.
 */
export function primaryAggregate(aggregates: readonly AggregateSpec[]): string | null {
  return (aggregates.find((a) => a.primary === true) ??
    aggregates.find((a) => a.kind === "accuracy") ?? aggregates[0])?.name ?? null;
}
