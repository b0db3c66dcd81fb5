import { runCycle } from "../../host/operator/run_cycle.ts";
import { defineOperatorCommand } from "../command.ts";

/** `operator cycle`: one unattended cycle, from the run to the alert. */
export const cycleCommand = defineOperatorCommand({
  name: "cycle",
  summary:
    "run, compare, rerun what is ambiguous, decide, journal and alert (exit 0 quiet, 1 wake)",
  usage: "cycle [--config FILE] [--json]",
  description: [
    "Runs the suite operator.toml names, compares the run with the approved baseline, draws",
    "again what is ambiguous, classifies the cycle, probes the walls, decides under the policy,",
    "journals the decision and writes the alert. Exits 1 when it wakes a person, else 0.",
  ],
  options: {},
  positionals: { min: 0, max: 0 },
  async execute({ values }) {
    const { cycle, decision, paths } = await runCycle({
      configPath: values.config,
      // Loaded when the probe runs, so the other operator commands start without the MCP SDK.
      probeMcp: async (store) => (await import("../probe_mcp.ts")).probeMcpPromote(store),
      onFailure: (error) => console.error(error instanceof Error ? error.stack : String(error)),
    });
    if (values.json) console.log(JSON.stringify({ cycle, decision, paths }, null, 2));
    else {
      console.log(
        `${cycle.classification} (${cycle.cycle_key}): ${
          decision.escalate ? "WAKE" : "hold"
        } — ${decision.reason}`,
      );
      console.log(
        `  runs ${
          cycle.runs.join(", ") || "none"
        }; ${cycle.calls} of ${cycle.budget} calls; reruns ${cycle.reruns_used}/${cycle.max_reruns}`,
      );
      for (const p of cycle.probe) console.log(`  probe ${p.wall}: ${p.outcome} (${p.detail})`);
      console.log(
        `  wrote ${paths.cycle}, ${paths.decision}, ${paths.alert}; journal ${paths.journal}`,
      );
    }
    return decision.escalate ? 1 : 0;
  },
});
