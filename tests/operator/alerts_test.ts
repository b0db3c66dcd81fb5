import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { exampleAlerts } from "../../examples/operator/alerts/alerts.ts";
import { ROOT } from "../cli/_cli.ts";

const dir = join(ROOT, "examples", "operator", "alerts");
const read = (path: string) => Deno.readTextFileSync(join(dir, path));

Deno.test("the committed example alerts are what the dossier writes, byte for byte", () => {
  const files = exampleAlerts({
    drawCycle: read("draw.cycle.json"),
    driftCycle: read("drift.cycle.json"),
    operatorToml: read("../operator.toml"),
    policyToml: read("../policy.toml"),
  });
  for (const [name, text] of files) {
    assertEquals(read(name), text, `${name}: run \`deno task operator:alerts\``);
  }
});

Deno.test("the held alert is the drift alert's measurement, differing only in what the policy did", () => {
  const drift = JSON.parse(read("drift.decision.json"));
  const held = JSON.parse(read("held.decision.json"));
  assertEquals([drift.escalate, drift.clause], [true, null]);
  assertEquals([held.escalate, held.clause], [false, "known-flaky-q07"]);
  assertEquals(held.facts, drift.facts);
  assertEquals(held.cycle_key, drift.cycle_key);
});
