import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { prepareScenario } from "../../examples/operator/scenario.ts";
import { taskFlags } from "../../examples/task_flags.ts";
import { ROOT } from "../cli/_cli.ts";

/** The operator task's own flags, as deno.json documents them. */
const DOCUMENTED: string[] = taskFlags("operator", "operator/main.ts");

async function deno(cwd: string, flags: string[], args: string[]): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", join(ROOT, "deno.json"), ...flags, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
}

async function probe(cwd: string, flags: string[]): Promise<{ outcome: string; detail: string }> {
  const text = await deno(cwd, flags, [join(ROOT, "operator/main.ts"), "probe", "--json"]);
  const results = JSON.parse(text);
  return results.find((r: { wall: string }) => r.wall === "policy-write");
}

async function bypass(cwd: string, flags: string[], method: string[]): Promise<string> {
  return (await deno(cwd, flags, [join(ROOT, "tests/fixtures/operator/bypass.ts"), ...method]))
    .trim();
}

async function workspace(): Promise<string> {
  const parent = await Deno.makeTempDir({ prefix: "digline-walls-" });
  return await prepareScenario("steady", { policy: true, workspace: join(parent, "ops") });
}

Deno.test("under the documented flags every measured bypass is refused and the probe reads enforced", async () => {
  const cwd = await workspace();
  const before = await Deno.readTextFile(join(cwd, "operator.toml"));
  for (const method of [["direct"], ["rename-folder"], ["subprocess"]]) {
    match(await bypass(cwd, DOCUMENTED, method), /^refused/, method[0]);
  }
  assertEquals(await Deno.readTextFile(join(cwd, "operator.toml")), before);
  const result = await probe(cwd, DOCUMENTED);
  assertEquals(result.outcome, "enforced", result.detail);
});

Deno.test("write access to a folder above operator.toml is a bypass, and the probe says unenforced", async () => {
  const cwd = await workspace();
  const wide = ["--no-prompt", "--allow-read", "--allow-write", "--deny-write=operator.toml"];
  match(await bypass(cwd, wide, ["direct"]), /^refused/, "the file's own deny holds");
  assertEquals(
    await bypass(cwd, wide, ["rename-folder"]),
    "wrote",
    "renaming the folder gets round it",
  );
  const result = await probe(cwd, wide);
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /is writable, and renaming it routes around/);
});

Deno.test("a subprocess grant is a bypass, and the probe says unenforced", async () => {
  const cwd = await workspace();
  const withRun = [...DOCUMENTED, "--allow-run=sh"];
  assertEquals(await bypass(cwd, withRun, ["subprocess"]), "wrote");
  const result = await probe(cwd, withRun);
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /--allow-run=sh/);
});

Deno.test("a symbolic or hard link into a writable folder is a bypass, and the probe says unenforced", async () => {
  for (const kind of ["symlink", "hardlink"] as const) {
    const cwd = await workspace();
    const real = join(cwd, ".digline", "operator.toml");
    await Deno.mkdir(join(cwd, ".digline"), { recursive: true });
    await Deno.rename(join(cwd, "operator.toml"), real);
    if (kind === "symlink") await Deno.symlink(real, join(cwd, "operator.toml"));
    else await Deno.link(real, join(cwd, "operator.toml"));
    assertEquals(await bypass(cwd, DOCUMENTED, ["link-target", real]), "wrote", kind);
    const result = await probe(cwd, DOCUMENTED);
    assertEquals(result.outcome, "unenforced", kind);
    ok(/symbolic link|hard links/.test(result.detail), result.detail);
  }
});

Deno.test("with write access everywhere the probe reads unenforced, and operator.toml is put back", async () => {
  const cwd = await workspace();
  const before = await Deno.readTextFile(join(cwd, "operator.toml"));
  const result = await probe(cwd, ["--no-prompt", "--allow-read", "--allow-write"]);
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /operator\.toml itself is writable/);
  assertEquals(await Deno.readTextFile(join(cwd, "operator.toml")), before);
});
