/**
 * Rewrites the example alerts (and the decisions behind them) from the captured cycles. Run it
 * with `deno task operator:alerts`; never edit the alerts by hand.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { exampleAlerts } from "./alerts.ts";

const here = dirname(fileURLToPath(import.meta.url));
const read = (path: string) => Deno.readTextFileSync(join(here, path));
const files = exampleAlerts({
  drawCycle: read("draw.cycle.json"),
  driftCycle: read("drift.cycle.json"),
  operatorToml: read("../operator.toml"),
  policyToml: read("../policy.toml"),
});
for (const [name, text] of files) Deno.writeTextFileSync(join(here, name), text);
console.log(`wrote ${[...files.keys()].join(", ")} in ${here}`);
