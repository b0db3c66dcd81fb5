import { probeWalls } from "../../host/operator/probe_walls.ts";
import { prepareCycle } from "../../host/operator/run_cycle.ts";
import { defineOperatorCommand } from "../command.ts";
import { probeMcpPromote } from "../probe_mcp.ts";

/** `operator probe`: prove the walls without running a cycle. */
export const probeCommand = defineOperatorCommand({
  name: "probe",
  summary: "prove the walls without running a cycle",
  usage: "probe [--config FILE] [--json]",
  description: [
    "Starts as a cycle does (reads operator.toml, gives up ffi, and run unless the suite has a",
    "command target, loads the suite), then runs the cycle's own probe: promote through MCP and",
    "a run that writes an approval, writing operator.toml, the store, the configuration digest.",
  ],
  options: {},
  positionals: { min: 0, max: 0 },
  async execute({ values }) {
    const setup = await prepareCycle(values.config);
    const results = await probeWalls({
      ...setup,
      configPath: values.config,
      probeMcp: probeMcpPromote,
    });
    if (values.json) console.log(JSON.stringify(results, null, 2));
    else for (const r of results) console.log(`${r.wall}: ${r.outcome} (${r.detail})`);
    return 0;
  },
});
