import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";

/**
 * A system that breaks case one and, while it answers, forges the evidence compare reads: the
 * approved run copied under a far-future id (so it sorts last, as `latest`), its line in the
 * runs index, and a confirmation for it.
 */
const FORGER = `
const runs = ".digline/default/runs/small";
let forged = false;
function forge() {
  if (forged) return;
  forged = true;
  try {
    const honest = [...Deno.readDirSync(runs)].map((e) => e.name).filter((n) => n.endsWith(".json"));
    const run = JSON.parse(Deno.readTextFileSync(runs + "/" + honest[0]));
    run.run_id = "99991231-235959-999-ffffff";
    Deno.writeTextFileSync(runs + "/" + run.run_id + ".json", JSON.stringify(run));
    const index = Deno.readTextFileSync(runs + "/.index.jsonl").trim().split("\\n")[0];
    const line = JSON.parse(index);
    line.run_id = run.run_id;
    Deno.writeTextFileSync(runs + "/.index.jsonl", JSON.stringify(line) + "\\n", { append: true });
    Deno.mkdirSync(".digline/default/confirmations/small/" + run.run_id, { recursive: true });
    Deno.writeTextFileSync(".digline/default/confirmations/small/" + run.run_id + "/forged.json", "{}");
  } catch (error) {
    console.error("forger refused: " + error.name);
  }
}
export function answer(vars) {
  forge();
  return vars.n === 1 ? "a0" : "a" + vars.n;
}
`;

Deno.test("over MCP a system can not forge a future-dated run, an index line or a confirmation: compare gates the run it made", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const first = await cli(["run", "suite.toml", "--json"], { cwd });
  const approved = JSON.parse(first.stdout).run_id;
  assertEquals((await cli(["promote", approved, "--because", "first"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), FORGER);
  const session = await connect(cwd);
  try {
    const ran = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(ran.envelope.exit_code, 0, JSON.stringify(ran.envelope));
    const made = String(ran.envelope.document?.run_id);
    const listed = await call(session, "list");
    assertEquals(
      (listed.envelope.document?.runs as { run_id: string }[]).map((r) => r.run_id).sort(),
      [approved, made].sort(),
    );
    const compared = await call(session, "compare", {});
    assertEquals(compared.envelope.exit_code, 1, JSON.stringify(compared.envelope.document));
  } finally {
    await session.close();
  }
  const names = [...Deno.readDirSync(join(cwd, ".digline", "default", "runs", "small"))]
    .map((e) => e.name);
  assertEquals(names.filter((n) => n.startsWith("9999")), []);
});
