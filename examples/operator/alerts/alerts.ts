import { parse } from "smol-toml";
import { OperatorConfigSchema } from "../../../core/operator/config.ts";
import { type Cycle, CycleSchema } from "../../../core/operator/cycle.ts";
import { decide } from "../../../core/operator/decide.ts";
import { renderDossier } from "../../../core/operator/dossier.ts";
import { policyDigest } from "../../../core/operator/config.ts";

/** The captured measurements and the configuration texts the example alerts are made from. */
export interface AlertSources {
  drawCycle: string;
  driftCycle: string;
  operatorToml: string;
  policyToml: string;
}

/**
 * The three example alerts, from two captured cycles: a wobble-like draw, a drift, and the same
 * drift decided under the example policy, so the last two differ only in what the policy did.
 * Pure: texts in, file name → text out.
 */
export function exampleAlerts(sources: AlertSources): Map<string, string> {
  const plain = OperatorConfigSchema.parse(parse(sources.operatorToml));
  const ruled = OperatorConfigSchema.parse(parse(sources.operatorToml + sources.policyToml));
  const draw = CycleSchema.parse(JSON.parse(sources.drawCycle));
  const drift = CycleSchema.parse(JSON.parse(sources.driftCycle));
  const held: Cycle = {
    ...drift,
    policy: { name: ruled.policy!.name, digest: policyDigest(ruled.policy)! },
  };
  const files = new Map<string, string>();
  for (
    const [name, cycle, config] of [
      ["draw", draw, plain],
      ["drift", drift, plain],
      ["held", held, ruled],
    ] as const
  ) {
    const decision = decide(cycle, { config, history: [] });
    files.set(`${name}.decision.json`, JSON.stringify(decision, null, 2) + "\n");
    files.set(`${name}.md`, renderDossier(cycle, { decision }));
  }
  return files;
}
