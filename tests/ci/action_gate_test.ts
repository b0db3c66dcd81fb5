import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, cliCommandArgs, ROOT, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";

const OTHER_SUITE = SMALL_SUITE.replace('name = "small"', 'name = "other"')
  .replace('module = "system.ts"', 'module = "other.ts"');

/** Runs the action's gate step as the runner would, with fake summary and output files. */
async function gateStep(cwd: string, suites: string) {
  const summary = join(cwd, "step_summary.md");
  const output = join(cwd, "github_output");
  await Deno.writeTextFile(summary, "earlier step\n");
  const result = await new Deno.Command("bash", {
    args: [join(ROOT, "action", "gate.sh")],
    cwd,
    env: {
      DIGLINE_COMMAND: [Deno.execPath(), ...cliCommandArgs([])].join(" "),
      DIGLINE_SUITES: suites,
      DIGLINE_REPORT_DIR: join(cwd, "report"),
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      NO_COLOR: "1",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const outputs = Object.fromEntries(
    (await Deno.readTextFile(output)).trim().split("\n").map((l) => {
      const at = l.indexOf("=");
      return [l.slice(0, at), l.slice(at + 1)];
    }),
  );
  return {
    code: result.code,
    log: new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr),
    summary: await Deno.readTextFile(summary),
    outputs,
  };
}

Deno.test({
  name: "the action's gate step runs every suite, gates them, writes the summary and outputs",
  sanitizeResources: false,
  fn: async () => {
    const cwd = await workspace({
      "evals/small.toml": SMALL_SUITE,
      "evals/other.toml": OTHER_SUITE,
      "evals/system.ts": smallSystem(),
      "evals/other.ts": smallSystem(),
    });
    for (const suite of ["small", "other"]) {
      assertEquals((await cli(["run", `evals/${suite}.toml`], { cwd })).code, 0);
      await cli(["promote", "latest", "--suite", suite, "--because", "approved"], { cwd });
    }
    await Deno.writeTextFile(join(cwd, "evals", "other.ts"), smallSystem({ wrong: [2] }));

    const step = await gateStep(cwd, "evals/small.toml\nevals/other.toml\n");
    assertEquals(step.code, 1, step.log);
    assertEquals(step.outputs["exit-code"], "1");
    match(step.outputs.headline, /^other: WORSE \(exit 1\).* · small: NOT WORSE \(exit 0\)/);
    ok(step.summary.startsWith("earlier step\n"), "the summary is appended to, never replaced");
    match(step.summary, /other/);
    match(step.summary, /small/);
    ok(step.summary.includes("WORSE"), step.summary);
    for (const file of ["compare.json", "summary.md", "other.html", "small.html"]) {
      const size = (await Deno.stat(join(cwd, "report", file))).size;
      ok(size > 0, file);
    }
  },
});

Deno.test("the gate step stops at a suite that does not load, and says nothing was judged", async () => {
  const cwd = await workspace({ "broken.toml": "name = \n" });
  const step = await gateStep(cwd, "broken.toml");
  assertEquals(step.code, 64, step.log);
  assertEquals(step.outputs["exit-code"], "64");
  match(step.summary, /`digline run broken.toml` exited 64: nothing was judged/);
});
