import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { taskFlags } from "../../tools/task_flags.ts";
import { ROOT } from "../cli/_cli.ts";

const UNIT = join(ROOT, "examples", "operator", "digline-operator.service");
const TIMER = join(ROOT, "examples", "operator", "digline-operator.timer");

/** The unit's `Key=value` lines, every value of each key. */
function directives(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (m) map.set(m[1], [...(map.get(m[1]) ?? []), m[2]]);
  }
  return map;
}

Deno.test("the shipped unit runs a dedicated user in a sandbox whose only writable place is the store", async () => {
  const unit = directives(await Deno.readTextFile(UNIT));
  const one = (key: string) => (unit.get(key) ?? [])[0];
  ok(one("User") !== undefined && one("User") !== "root", "a dedicated user");
  assertEquals(one("ProtectSystem"), "strict");
  assertEquals(unit.get("ReadWritePaths"), ["/srv/evals/.digline"]);
  assertEquals(unit.get("ReadOnlyPaths"), ["/srv/evals/operator.toml"]);
  assertEquals(one("NoNewPrivileges"), "yes");
  assertEquals(one("PrivateTmp"), "yes");
  const environment = (unit.get("Environment") ?? []).join(" ");
  ok(!/DENO_AUDIT_PERMISSIONS|DENO_COVERAGE_DIR|DENO_V8_FLAGS/.test(environment), environment);
  const exec = one("ExecStart").split(" ");
  const flags = exec.slice(
    exec.indexOf("--no-prompt"),
    exec.indexOf("/opt/digline/operator/main.ts"),
  );
  assertEquals(flags, taskFlags("operator", "operator/main.ts"), "the operator task's own flags");
});

Deno.test("systemd-analyze verify accepts the unit and the timer without a warning", async () => {
  let analyze: Deno.CommandOutput;
  const dir = await Deno.makeTempDir({ prefix: "digline-unit-" });
  // verify insists that ExecStart's program exists; deno is installed elsewhere on this machine.
  const text = (await Deno.readTextFile(UNIT)).replace("/usr/local/bin/deno", Deno.execPath());
  await Deno.writeTextFile(join(dir, "digline-operator.service"), text);
  await Deno.copyFile(TIMER, join(dir, "digline-operator.timer"));
  try {
    analyze = await new Deno.Command("systemd-analyze", {
      args: ["verify", "digline-operator.service", "digline-operator.timer"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    console.log(
      "skipped: systemd-analyze is not installed here, so the unit is checked by keys only",
    );
    return;
  }
  const said = new TextDecoder().decode(analyze.stderr) + new TextDecoder().decode(analyze.stdout);
  assertEquals({ code: analyze.code, said }, { code: 0, said: "" });
});
