import { DEFAULT_GATE_SETTINGS } from "../suite/gate_defaults.ts";
import type { RunGate } from "../suite/gate_settings.ts";
import type { Figure } from "./run_document.ts";

/**
 * The gate a run is judged by: the one it recorded, or for a run recorded before gates were,
 * the defaults with its first accuracy figure (else its first figure) as the primary.
 */
export function runGate(run: { gate?: RunGate; figures: readonly Figure[] }): RunGate {
  if (run.gate !== undefined) return run.gate;
  const whole = run.figures.filter((f) => f.group === null);
  const primary = whole.find((f) => f.kind === "accuracy") ?? whole[0];
  return { ...DEFAULT_GATE_SETTINGS, primary: primary?.name ?? null };
}
