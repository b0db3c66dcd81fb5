import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import {
  cli,
  cliCommandArgs,
  git,
  ROOT,
  SMALL_SUITE,
  smallSystem,
  workspace,
} from "../cli/_cli.ts";

const OTHER_SUITE = SMALL_SUITE.replace('name = "small"', 'name = "other"')
  .replace('module = "system.ts"', 'module = "other.ts"');

/** Runs the action's gate step as the runner would, with fake summary and output files. */
async function gateStep(cwd: string, suites: string, env: Record<string, string> = {}) {
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
      GITHUB_BASE_REF: "",
      ...env,
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

/** The ignore lines docs/ci.md recommends: the approvals folder is committed, the rest is not. */
const GITIGNORE =
  ".digline/*\n!.digline/default/\n.digline/default/*\n!.digline/default/baselines/\n";

/**
 * A repository whose main branch holds an approval, and a branch `feature` whose system got worse
 * and which approves its own worse run, committed: the pull request the gate must not pass.
 */
async function selfApprovingPullRequest(): Promise<string> {
  const cwd = await workspace({
    "evals/small.toml": SMALL_SUITE,
    "evals/system.ts": smallSystem(),
    ".gitignore": GITIGNORE,
  });
  await git(cwd, "init", "-q", "-b", "main");
  assertEquals((await cli(["run", "evals/small.toml"], { cwd })).code, 0);
  await cli(["promote", "latest", "--by", "Ana", "--because", "reviewed"], { cwd });
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "approved baseline");
  await git(cwd, "checkout", "-q", "-b", "feature");
  await Deno.writeTextFile(join(cwd, "evals", "system.ts"), smallSystem({ wrong: [2] }));
  assertEquals((await cli(["run", "evals/small.toml"], { cwd })).code, 0);
  await cli(["promote", "latest", "--by", "Mallory", "--because", "looks fine"], { cwd });
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "approve my own run");
  return cwd;
}

Deno.test({
  name:
    "with a baseline ref the gate step reads the base branch's approval, so a pull request approving its own worse run fails, and the summary says so",
  sanitizeResources: false,
  fn: async () => {
    const cwd = await selfApprovingPullRequest();
    const step = await gateStep(cwd, "evals/small.toml", {
      DIGLINE_BASELINE_REF: "main",
      DIGLINE_REDACT: "outputs,vars",
    });
    assertEquals(step.code, 1, step.log);
    assertEquals(step.outputs["exit-code"], "1");
    match(step.outputs.headline, /^small: WORSE \(exit 1\)/);
    match(step.summary, /Gated against the approvals committed at `main`/);
    match(step.summary, /> note: this tree approves run \S+ of suite small \(by Mallory/);
    // The report written beside it was judged against the same reference as the gate.
    const html = await Deno.readTextFile(join(cwd, "report", "small.html"));
    match(html, /WORSE · exit 1/);
    // redact: the page shows digests where the outputs were, and the summary says so.
    match(html, /<pre>sha256:[0-9a-f]{12}<\/pre>/);
    ok(!html.includes("<pre>a0</pre>"), "the regressed output is not shown");
    match(step.summary, /Outputs and vars redacted/);
  },
});

Deno.test({
  name:
    "without a baseline ref (none) the gate step falls back to plain compare against the checkout's approval",
  sanitizeResources: false,
  fn: async () => {
    const cwd = await selfApprovingPullRequest();
    const step = await gateStep(cwd, "evals/small.toml", {
      DIGLINE_BASELINE_REF: "none",
      GITHUB_BASE_REF: "main",
    });
    assertEquals(step.code, 0, step.log);
    match(step.summary, /Gated against the approvals in the checkout \(no baseline ref\)/);
  },
});

Deno.test({
  name:
    "on a pull request the gate step defaults to origin/BASE and fetches it into a shallow checkout",
  sanitizeResources: false,
  fn: async () => {
    const origin = await selfApprovingPullRequest();
    const checkout = join(await Deno.makeTempDir({ prefix: "digline-checkout-" }), "c");
    // What actions/checkout does on a pull request: one commit of the head, no base branch.
    await git(
      origin,
      "clone",
      "-q",
      "--depth=1",
      "--single-branch",
      "--branch",
      "feature",
      `file://${origin}`,
      checkout,
    );
    const step = await gateStep(checkout, "evals/small.toml", { GITHUB_BASE_REF: "main" });
    assertEquals(step.code, 1, step.log);
    match(step.summary, /Gated against the approvals committed at `origin\/main`/);
  },
});
