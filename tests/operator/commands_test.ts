import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { taskFlags } from "../../tools/task_flags.ts";
import { ROOT } from "../cli/_cli.ts";

async function operator(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      join(ROOT, "deno.json"),
      ...taskFlags("operator", "operator/main.ts"),
      join(ROOT, "operator", "main.ts"),
      ...args,
    ],
    cwd: await Deno.makeTempDir({ prefix: "digline-operator-" }),
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test("operator --help lists every command, and each command's --help shows its own options", async () => {
  const top = await operator(["--help"]);
  assertEquals(top.code, 0);
  const helps = new Map<string, string>();
  for (const name of ["cycle", "decide", "label", "dossier", "probe"]) {
    match(top.stdout, new RegExp(`^  ${name} `, "m"));
    const help = await operator([name, "--help"]);
    assertEquals(help.code, 0, name);
    match(help.stdout, new RegExp(`^usage: operator ${name}`), name);
    match(help.stdout, /--config FILE/, name);
    helps.set(name, help.stdout);
  }
  match(helps.get("label")!, /--wanted ANSWER\s+yes, no or unsure/);
  match(helps.get("dossier")!, /--judgment FILE/);
});

Deno.test("an option the operator command does not take is refused in one line (64)", async () => {
  const result = await operator(["probe", "--wanted", "yes"]);
  assertEquals(result.code, 64);
  match(
    result.stderr,
    /^operator: probe: unknown option --wanted.*\(see operator probe --help\)\n$/,
  );
  ok(!result.stderr.includes("    at "), "a refusal prints no trace");
});

Deno.test("probe --wall refuses a wall it does not know in one line naming every wall (64), before reading operator.toml", async () => {
  const result = await operator(["probe", "--wall", "policy-write", "--wall", "polcy-digest"]);
  assertEquals(result.code, 64);
  assertEquals(
    result.stderr,
    'operator: probe: unknown wall "polcy-digest" (did you mean policy-digest?); the walls are ' +
      "mcp-promote, policy-write, cycle-write, policy-digest, approval-write, approval-digest\n",
  );
  const help = await operator(["probe", "--help"]);
  match(help.stdout, /--wall NAME +prove only the wall NAME \(repeatable\)/);
});
