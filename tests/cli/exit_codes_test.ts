import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { basename, join } from "node:path";
import { INTERNAL_FAILURE_LINE } from "../../host/process/exit_codes.ts";
import { cli, cliFlags, ROOT, SMALL_SUITE, smallSystem, spawnCli, workspace } from "./_cli.ts";
import { builtOnce } from "../support/built_once_workspace.ts";

/** One approved run; built once, each test gets a copy. */
const approvedStore = builtOnce(async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await cli(["run", "suite.toml"], { cwd });
  await cli(["promote", "latest", "--because", "t"], { cwd });
  return cwd;
});

async function approved(): Promise<{ cwd: string; baselineFile: string }> {
  const cwd = await approvedStore();
  const dir = join(cwd, ".digline", "default", "baselines", "small");
  // The folder also holds runs/, the copies of the runs the approval cites.
  const [entry] = [...Deno.readDirSync(dir)].filter((e) => e.isFile && e.name.endsWith(".json"));
  return { cwd, baselineFile: join(dir, entry.name) };
}

function oneLine(text: string): void {
  assertEquals(text.trim().split("\n").length, 1, `expected one line, got:\n${text}`);
}

Deno.test("compare with an unreadable baseline is refused (64) in one line naming it", async () => {
  const { cwd, baselineFile } = await approved();
  const result = await cli(["compare"], { cwd, extraFlags: [`--deny-read=${baselineFile}`] });
  assertEquals(result.code, 64);
  oneLine(result.stderr);
  ok(result.stderr.includes(basename(baselineFile)), result.stderr);
});

Deno.test("log with an unreadable baseline is refused (64), not a verdict", async () => {
  const { cwd, baselineFile } = await approved();
  const result = await cli(["log"], { cwd, extraFlags: [`--deny-read=${baselineFile}`] });
  assertEquals(result.code, 64);
  oneLine(result.stderr);
});

Deno.test("compare with a baseline path that is a directory is refused (64)", async () => {
  const { cwd, baselineFile } = await approved();
  await Deno.remove(baselineFile);
  await Deno.mkdir(baselineFile);
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 64);
  oneLine(result.stderr);
  ok(result.stderr.includes(basename(baselineFile)), result.stderr);
});

Deno.test("a run document that is a directory is refused (64)", async () => {
  const { cwd } = await approved();
  const runs = join(cwd, ".digline", "default", "runs", "small");
  // The folder also keeps the runs' index (.index.jsonl), which is not a run document.
  const [entry] = [...Deno.readDirSync(runs)].filter((e) => e.name.endsWith(".json"));
  await Deno.remove(join(runs, entry.name));
  await Deno.mkdir(join(runs, entry.name));
  const result = await cli(["compare", "--baseline", "latest"], { cwd });
  assertEquals(result.code, 64);
  oneLine(result.stderr);
  ok(result.stderr.includes(entry.name), result.stderr);
});

Deno.test("an unreadable runs directory is refused (64)", async () => {
  const { cwd } = await approved();
  const runs = join(cwd, ".digline", "default", "runs");
  const result = await cli(["list"], { cwd, extraFlags: [`--deny-read=${runs}`] });
  assertEquals(result.code, 64);
  oneLine(result.stderr);
  ok(result.stderr.includes("runs"), result.stderr);
});

Deno.test("a suite that raises while it loads is refused (64) with its location and a command", async () => {
  const cwd = await workspace({
    "suite.ts": `import { defineSuite } from "${ROOT}/mod.ts";
const limit = 3;
if (limit > 2) throw new RangeError("the suite refused to load");
export const suite = defineSuite({ name: "x", target: () => "", assertions: [], cases: [] });
`,
  });
  for (const command of [["run", "suite.ts"]]) {
    const result = await cli(command, { cwd });
    assertEquals(result.code, 64, result.stderr);
    oneLine(result.stderr);
    match(result.stderr, /RangeError/);
    match(result.stderr, /the suite refused to load/);
    match(result.stderr, /suite\.ts:3/);
    match(result.stderr, /deno/);
  }
});

Deno.test("a malformed custom assertion is refused (64) when the suite loads", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "x",
  target: () => "out",
  assertions: [custom({ name: "no-check" })],
  cases: [{ id: "a" }],
});
`,
  });
  const result = await cli(["run", "suite.ts"], { cwd });
  assertEquals(result.code, 64, result.stderr);
  oneLine(result.stderr);
  match(result.stderr, /AssertionShapeError|no check function/);
});

Deno.test("a suite that does not parse, or imports what is not installed, is refused (64)", async () => {
  const cwd = await workspace({
    "broken.toml": 'name = "x"\n[target\n',
    "imports.ts": `import { nothing } from "./not-here.ts";\nexport const suite = nothing;\n`,
  });
  const toml = await cli(["run", "broken.toml"], { cwd });
  assertEquals(toml.code, 64);
  oneLine(toml.stderr);
  match(toml.stderr, /broken\.toml:2:\d+/);
  const imports = await cli(["run", "imports.ts"], { cwd });
  assertEquals(imports.code, 64, imports.stderr);
  oneLine(imports.stderr);
});

Deno.test("bad arguments and an unknown command are refused (64) in one line", async () => {
  const cwd = await workspace({});
  for (const args of [["frobnicate"], ["compare", "--no-such-flag"], ["run"], ["diff", "a"]]) {
    const result = await cli(args, { cwd });
    assertEquals(result.code, 64, `${args.join(" ")}: ${result.stderr}`);
    oneLine(result.stderr);
  }
});

Deno.test("a failure digline did not anticipate exits 70 with its traceback and the line", async () => {
  const cwd = await workspace({});
  const result = await cli(["list"], {
    cwd,
    entry: join(ROOT, "tests", "fixtures", "cli", "faulty_main.ts"),
  });
  assertEquals(result.code, 70);
  match(result.stderr, /TypeError: a defect planted by the test\n\s+at /);
  assertEquals(result.stderr.trim().split("\n").at(-1), INTERNAL_FAILURE_LINE);
});

Deno.test("Ctrl-C during a run exits 130", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE.replace('export = "answer"', 'export = "slow"'),
    "system.ts":
      `export async function slow() { await new Promise((r) => setTimeout(r, 60000)); return "a"; }\n`,
  });
  const child = spawnCli(["run", "suite.toml"], { cwd });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  child.kill("SIGINT");
  const status = await child.status;
  assertEquals(status.code, 130);
});

Deno.test("--help works on every command and exits 0", async () => {
  const cwd = await workspace({});
  for (
    const command of [
      "run",
      "list",
      "view",
      "log",
      "promote",
      "compare",
      "explain",
      "diff",
      "verify",
    ]
  ) {
    const result = await cli([command, "--help"], { cwd });
    assertEquals(result.code, 0, command);
    match(result.stdout, new RegExp(`^usage: digline ${command}`));
  }
  const top = await cli(["--help"], { cwd });
  assertEquals(top.code, 0);
  match(top.stdout, /70 a failure digline did not anticipate/);
});

Deno.test("a reader that stops early does not turn the verdict into a failure", async () => {
  // Enough regressions that explain's output overflows the pipe after the reader has gone.
  const cases = Array.from(
    { length: 3000 },
    (_, i) => JSON.stringify({ id: `case-${i}`, vars: { n: i }, expected: `a${i}` }),
  );
  const cwd = await workspace({
    "suite.toml": 'cases_file = "cases.jsonl"\n' + SMALL_SUITE.replace(/\[\[cases\]\][\s\S]*$/, ""),
    "cases.jsonl": cases.join("\n") + "\n",
    "system.ts": smallSystem(),
  });
  await cli(["run", "suite.toml"], { cwd });
  await cli(["promote", "latest", "--because", "t"], { cwd });
  await Deno.writeTextFile(
    join(cwd, "system.ts"),
    "export function answer() { return 'wrong'; }\n",
  );
  await cli(["run", "suite.toml"], { cwd });
  const command = [
    Deno.execPath(),
    "run",
    "--config",
    join(ROOT, "deno.json"),
    ...cliFlags(),
    join(ROOT, "cli/main.ts"),
    "explain",
  ]
    .map((word) => `'${word}'`).join(" ");
  const out = await new Deno.Command("bash", {
    args: ["-c", `${command} | head -c 1 >/dev/null; echo "\${PIPESTATUS[0]}"`],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(new TextDecoder().decode(out.stderr).includes("BrokenPipe"), false);
  assertEquals(new TextDecoder().decode(out.stdout).trim(), "1");
});

Deno.test("a suite module that does not link (a name imported twice) is refused (64) at its line, not a failure of digline", async () => {
  const cwd = await workspace({
    "suite.ts": `import { defineSuite } from "${ROOT}/mod.ts";
import { defineSuite } from "${ROOT}/mod.ts";
export const suite = defineSuite({ name: "x", target: () => "", assertions: [], cases: [] });
`,
  });
  const result = await cli(["run", "suite.ts"], { cwd });
  assertEquals(result.code, 64, result.stderr);
  oneLine(result.stderr);
  match(result.stderr, /SyntaxError/);
  match(result.stderr, /already been declared/);
  match(result.stderr, /suite\.ts:2/);
});
