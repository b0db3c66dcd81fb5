import { decideCycle } from "../../host/operator/run_cycle.ts";
import { defineOperatorCommand } from "../command.ts";
import { journalFor, readCycle, required } from "./_documents.ts";

/** `operator decide --cycle FILE`: decide a written cycle again under today's policy. */
export const decideCommand = defineOperatorCommand({
  name: "decide",
  summary: "decide a written cycle again under the policy on disk, and journal it",
  usage: "decide --cycle FILE [--config FILE] [--json]",
  description: [
    "Decides the cycle in FILE again under the policy in operator.toml as it is now, and",
    "journals the decision. Exits 1 when the decision wakes a person, else 0.",
  ],
  options: { cycle: { type: "string", value: "FILE", help: "the cycle file to decide" } },
  positionals: { min: 0, max: 0 },
  async execute({ values }) {
    const cycle = await readCycle(required(values.cycle, "decide needs --cycle FILE"));
    const journal = await journalFor(values.config, cycle.suite);
    const decision = await decideCycle(cycle, { configPath: values.config, journal });
    console.log(
      values.json
        ? JSON.stringify(decision, null, 2)
        : `${decision.escalate ? "WAKE" : "hold"} — ${decision.reason}`,
    );
    return decision.escalate ? 1 : 0;
  },
});
