/**
 * The Action's gate step as a runner runs it: `action/gate.sh` with a clean environment, fake
 * summary and output files, and the real CLI as `digline`.
 *
 * @module
 */
import { ok } from "node:assert/strict";
import { join } from "node:path";
import { cliCommandArgs, git, ROOT } from "../cli/_cli.ts";

/** Reads GITHUB_OUTPUT: `key=value` lines and `key<<DELIMITER` blocks. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const block = lines[i].match(/^([\w-]+)<<(\S+)$/);
    if (block !== null) {
      const end = lines.indexOf(block[2], i + 1);
      outputs[block[1]] = lines.slice(i + 1, end).join("\n");
      i = end;
      continue;
    }
    const at = lines[i].indexOf("=");
    if (at > 0) outputs[lines[i].slice(0, at)] = lines[i].slice(at + 1);
  }
  return outputs;
}

/** What actions/checkout makes of a pull request: a shallow clone of its branch `head` alone. */
export async function shallowCheckout(bare: string, head: string): Promise<string> {
  const parent = await Deno.makeTempDir({ prefix: `digline-ci-${head}-` });
  const checkout = join(parent, "ci");
  await git(
    parent,
    "clone",
    "-q",
    "--depth=1",
    "--single-branch",
    "--branch",
    head,
    `file://${bare}`,
    checkout,
  );
  return checkout;
}

/** Runs the action's gate step as the runner would, with fake summary and output files. */
export async function gateStep(cwd: string, suites: string, env: Record<string, string> = {}) {
  const summary = join(cwd, "..", `step_summary_${crypto.randomUUID()}.md`);
  const output = join(cwd, "..", `github_output_${crypto.randomUUID()}`);
  await Deno.writeTextFile(summary, "earlier step\n");
  await Deno.writeTextFile(output, "");
  const inherited: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "DENO_DIR", "TMPDIR"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) inherited[name] = value;
  }
  const result = await new Deno.Command("bash", {
    args: [join(ROOT, "action", "gate.sh")],
    cwd,
    clearEnv: true,
    env: {
      ...inherited,
      DENO: Deno.execPath(),
      DIGLINE_COMMAND: [Deno.execPath(), ...cliCommandArgs([])].join(" "),
      DIGLINE_SUITES: suites,
      DIGLINE_REPORT_DIR: join(cwd, "..", `report_${crypto.randomUUID()}`),
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      NO_COLOR: "1",
      GITHUB_BASE_REF: "",
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(result.stdout);
  return {
    code: result.code,
    stdout,
    log: stdout + new TextDecoder().decode(result.stderr),
    summary: await Deno.readTextFile(summary),
    outputs: parseOutputs(await Deno.readTextFile(output)),
    reportDir: env.DIGLINE_REPORT_DIR,
  };
}

/** The summary's line for one suite. */
export function lineOf(summary: string, suite: string): string {
  const line = summary.split("\n").find((l) => l.startsWith(`- **${suite}**: `));
  ok(line !== undefined, `no line for ${suite} in:\n${summary}`);
  return line;
}
