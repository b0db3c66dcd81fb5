import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { didYouMean } from "../../host/process/did_you_mean.ts";
import { cli, cliCommandArgs, SMALL_SUITE, smallSystem, spawnCli, workspace } from "./_cli.ts";

/** A suite of one case, one check and no figures. */
const ONE_CASE = `
name = "one"
[target]
module = "system.ts"
export = "answer"
[[assertions]]
name = "correct"
kind = "equals"
[[cases]]
id = "only"
vars = { n = 1 }
expected = "a1"
`;

Deno.test("a near miss of an option or a command gets a did-you-mean, in one line", async () => {
  const cwd = await workspace({});
  const option = await cli(["compare", "--jsn"], { cwd });
  assertEquals(option.code, 64);
  assertEquals(option.stderr.trim().split("\n").length, 1, option.stderr);
  match(option.stderr, /unknown option --jsn: did you mean --json\?/);
  const own = await cli(["diff", "a", "b", "--limt", "3"], { cwd });
  match(own.stderr, /did you mean --limit\?/);
  const far = await cli(["list", "--frobnicate"], { cwd });
  assertEquals(far.code, 64);
  ok(!far.stderr.includes("did you mean"), far.stderr);
  const command = await cli(["comapre"], { cwd });
  assertEquals(command.code, 64);
  match(command.stderr, /did you mean compare\?/);
});

Deno.test("did-you-mean picks the nearest word and stays quiet when nothing is near", () => {
  assertEquals(didYouMean("sute", ["suite", "store", "json"]), "suite");
  assertEquals(didYouMean("stroe", ["suite", "store"]), "store");
  assertEquals(didYouMean("basel", ["baseline", "because"]), "baseline");
  assertEquals(didYouMean("x", ["json", "help"]), undefined);
  assertEquals(didYouMean("verbose", ["json", "help", "store"]), undefined);
});

Deno.test("one case is one case, and a run without figures prints no figures heading", async () => {
  const cwd = await workspace({ "suite.toml": ONE_CASE, "system.ts": smallSystem() });
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  match(run.stdout, /\n {2}1 case: 1 check passed, 0 failed, 0 errored\n/);
  ok(!/cases|figures:/.test(run.stdout), run.stdout);
  const view = await cli(["view", "latest"], { cwd });
  assertEquals(view.code, 0, view.stderr);
  match(view.stdout, /over 1 case\n/);
  ok(!view.stdout.includes("figures:"), view.stdout);
  const log = await cli(["log"], { cwd });
  match(log.stdout, / 1 case /);
});

Deno.test("Ctrl-C prints one line on stderr, then exits 130", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE.replace('export = "answer"', 'export = "slow"'),
    // The system says it was called (its console goes to stderr; it may write no file), so the
    // signal arrives mid-run and not while Deno starts.
    "system.ts": `export async function slow() {
  console.log("system called");
  await new Promise((r) => setTimeout(r, 60000));
  return "a";
}\n`,
  });
  const child = spawnCli(["run", "suite.toml"], { cwd, stdout: "piped", stderr: "piped" });
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let stderr = "";
  while (!stderr.includes("system called")) {
    const { value, done } = await reader.read();
    if (done) break;
    stderr += value;
  }
  child.kill("SIGINT");
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    stderr += value;
  }
  const stdout = await new Response(child.stdout).text();
  assertEquals((await child.status).code, 130);
  const lines = stderr.split("\n").filter((l) => l !== "" && !l.includes("system called"));
  assertEquals(lines, ["digline: interrupted (Ctrl-C), exit 130: not a verdict"]);
  assertEquals(stdout, "");
});

const hasScript = (() => {
  try {
    return Deno.statSync("/usr/bin/script").isFile;
  } catch {
    return false;
  }
})();

/** Runs the CLI under a pseudo-terminal (util-linux `script`): stdout and stderr are a tty. */
async function onTerminal(args: string[], options: { cwd: string; noColor: boolean }) {
  const quoted = [Deno.execPath(), ...cliCommandArgs(args)]
    .map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
  const env: Record<string, string> = { TERM: "xterm" };
  if (options.noColor) env.NO_COLOR = "1";
  const out = await new Deno.Command("/usr/bin/script", {
    args: ["-qec", quoted, "/dev/null"],
    cwd: options.cwd,
    clearEnv: true,
    env: { ...env, PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "/tmp" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, text: new TextDecoder().decode(out.stdout) };
}

Deno.test({
  name: "colour and progress only on a terminal; NO_COLOR and a pipe give plain text",
  ignore: !hasScript,
  fn: async () => {
    const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
    await cli(["run", "suite.toml"], { cwd });
    await cli(["promote", "latest", "--because", "ok"], { cwd });
    await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));

    const run = await onTerminal(["run", "suite.toml"], { cwd, noColor: false });
    assertEquals(run.code, 0, run.text);
    match(run.text, /\rrunning \[[#-]+\] \d+\/\d+ cases/, "progress on a terminal");
    const piped = await cli(["run", "suite.toml"], { cwd, env: { NO_COLOR: "" } });
    ok(!piped.stderr.includes("running ["), "no progress into a pipe");

    const coloured = await onTerminal(["compare"], { cwd, noColor: false });
    assertEquals(coloured.code, 1, coloured.text);
    ok(coloured.text.includes("\x1b[1m\x1b[31mWORSE"), coloured.text);
    const plain = await onTerminal(["compare"], { cwd, noColor: true });
    assertEquals(plain.code, 1);
    ok(!plain.text.includes("\x1b["), plain.text);
    const pipe = await new Deno.Command(Deno.execPath(), {
      args: cliCommandArgs(["compare"]),
      cwd,
      clearEnv: true,
      env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "/tmp" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(pipe.code, 1);
    ok(!new TextDecoder().decode(pipe.stdout).includes("\x1b["), "a pipe gets plain text");
  },
});
