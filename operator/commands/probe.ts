import { PROBE_WALLS, type ProbeWall } from "../../core/operator/cycle.ts";
import { didYouMean } from "../../host/process/did_you_mean.ts";
import { UsageError } from "../../host/process/refusals.ts";
import { probeWalls } from "../../host/operator/probe_walls.ts";
import { prepareCycle } from "../../host/operator/run_cycle.ts";
import { defineOperatorCommand } from "../command.ts";

/** `operator probe`: prove the walls without running a cycle. */
export const probeCommand = defineOperatorCommand({
  name: "probe",
  summary: "prove the walls without running a cycle",
  usage: "probe [--wall NAME]... [--config FILE] [--json]",
  description: [
    "Starts as a cycle does (reads operator.toml, gives up ffi, and run unless the suite has a",
    "command target, loads the suite), then runs the cycle's own probe: promote through MCP and",
    "a run that writes an approval, writing operator.toml, the store, the configuration digest.",
    "With --wall, only the walls named (and the write walls a digest wall observes) are run,",
    "and each reads as it does in the full probe.",
  ],
  options: {
    wall: {
      type: "string",
      multiple: true,
      value: "NAME",
      help: "prove only the wall NAME (repeatable); the walls are below",
    },
  },
  positionals: { min: 0, max: 0 },
  footer: ["walls, in the order a probe proves them:", `  ${PROBE_WALLS.join(", ")}`],
  async execute({ values }) {
    // Refused before operator.toml is read: a misspelt wall is the command line's fault.
    const walls = values.wall === undefined ? undefined : values.wall.map(knownWall);
    const setup = await prepareCycle(values.config);
    const results = await probeWalls({
      ...setup,
      configPath: values.config,
      // The MCP SDK and server load only when their wall is proved: most of a narrow probe's start.
      probeMcp: async (store) => (await import("../probe_mcp.ts")).probeMcpPromote(store),
      walls,
    });
    if (values.json) console.log(JSON.stringify(results, null, 2));
    else for (const r of results) console.log(`${r.wall}: ${r.outcome} (${r.detail})`);
    return 0;
  },
});

function knownWall(name: string): ProbeWall {
  const wall = PROBE_WALLS.find((w) => w === name);
  if (wall !== undefined) return wall;
  const guess = didYouMean(name, PROBE_WALLS);
  throw new UsageError(
    `probe: unknown wall "${name}"${
      guess === undefined ? "" : ` (did you mean ${guess}?)`
    }; the walls are ${PROBE_WALLS.join(", ")}`,
  );
}
