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
