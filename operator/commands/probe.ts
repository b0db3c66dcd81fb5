import { probePolicyWall } from "../../host/operator/policy_wall.ts";
import { defineOperatorCommand } from "../command.ts";
import { probeMcpPromote } from "../probe_mcp.ts";
import { operatorStore } from "./_documents.ts";

/** `operator probe`: prove the walls without running a cycle. */
export const probeCommand = defineOperatorCommand({
  name: "probe",
  summary: "prove the walls without running a cycle",
  usage: "probe [--config FILE] [--json]",
  description: [
    "Tries what the operator must not be able to do (promote through MCP, write",
    "operator.toml) and says for each wall whether it held.",
  ],
  options: {},
  positionals: { min: 0, max: 0 },
  async execute({ values }) {
    const store = await operatorStore(values.config);
    const results = [await probeMcpPromote(store), probePolicyWall(values.config)];
    if (values.json) console.log(JSON.stringify(results, null, 2));
    else for (const r of results) console.log(`${r.wall}: ${r.outcome} (${r.detail})`);
    return 0;
  },
});
