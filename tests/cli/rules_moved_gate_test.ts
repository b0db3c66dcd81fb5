import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { rulesSuite, shoutingSystem } from "./_rules_suite.ts";
import { approvedUpstream, ciCheckout, ciRun, pullRequest } from "../support/pull_request.ts";
import { copyOfUpstream, sharedFixture } from "../support/template_copies.ts";

/** main approving the rules suite's run (every case passes), built once; each test copies it. */
const approvedRules = sharedFixture(() =>
  approvedUpstream({ "suite.toml": rulesSuite(), "system.ts": shoutingSystem() }, "suite.toml")
);

/** CI's checkout of a pull request that writes `files` over main's, and the run CI made there. */
async function gated(files: Record<string, string>): Promise<{ ci: string; run: string }> {
  const upstream = await copyOfUpstream(await approvedRules());
  await pullRequest(upstream, async (dir) => {
    for (const [path, text] of Object.entries(files)) {
      await Deno.writeTextFile(join(dir, path), text);
    }
  });
  const ci = await ciCheckout(upstream);
  return { ci, run: await ciRun(ci, "suite.toml", ["--baseline-ref", "origin/main"]) };
}

/** The system broken on cases two and three ("b2", "b3"), and the suite expecting just that. */
const MOVED_WITH_THE_ANSWER = {
  "system.ts": `export function answer(vars) { return (vars.n === 1 ? "a" : "b") + vars.n; }\n`,
  "suite.toml": rulesSuite().replace('expected = "a2"', 'expected = "b2"')
    .replace('expected = "a3"', 'expected = "b3"'),
};

Deno.test("under --baseline-ref, a pull request moving `expected` with the answer reads RULES CHANGED (exit 1) naming the cases; locally and accepted it is judged under the new rules", async () => {
  const { ci, run } = await gated(MOVED_WITH_THE_ANSWER);
  const gate = await cli(["compare", run, "--baseline-ref", "origin/main"], { cwd: ci });
  assertEquals(gate.code, 1, gate.stdout + gate.stderr);
  match(gate.stdout, /^RULES CHANGED \(exit 1\): /);
  match(
    gate.stdout,
    /the new rules move the baseline's verdict of 2 cases \(two · correct pass → fail, three · correct pass → fail\)/,
  );
  const json = await cli(["compare", run, "--baseline-ref", "origin/main", "--json"], { cwd: ci });
  const moved = (JSON.parse(json.stdout).facts as { kind: string; case_id?: string }[])
    .filter((f) => f.kind === "rules-moved").map((f) => f.case_id);
  assertEquals(moved.sort(), ["three", "two"]);

  const accepted = await cli(
    ["compare", run, "--baseline-ref", "origin/main", "--accept-rules-change"],
    { cwd: ci },
  );
  assertEquals(accepted.code, 0, accepted.stdout + accepted.stderr);
  match(accepted.stdout, /^NOT WORSE \(exit 0\): /);
  match(accepted.stdout, /accepted/);

  // Locally, against the approval in the checkout, compare reads it as it always did.
  const local = await cli(["compare", run], { cwd: ci });
  assertEquals(local.code, 0, local.stdout + local.stderr);
  ok(!/RULES CHANGED|rules move/.test(local.stdout), local.stdout);
});

Deno.test("under --baseline-ref, a new case and a renamed check with the same behaviour move no verdict and pass", async () => {
  const { ci, run } = await gated({
    "suite.toml": rulesSuite({ name: "exact" }) +
      '\n[[cases]]\nid = "four"\nvars = { n = 4 }\nexpected = "a4"\n',
  });
  const gate = await cli(["compare", run, "--baseline-ref", "origin/main"], { cwd: ci });
  assertEquals(gate.code, 0, gate.stdout + gate.stderr);
  ok(!/RULES CHANGED|rules move/.test(gate.stdout), gate.stdout);
});

Deno.test("under --baseline-ref, a tightened check that fails what the baseline passed reads RULES CHANGED", async () => {
  const { ci, run } = await gated({
    "suite.toml": rulesSuite({ check: 'value = "zz"' }).replace(
      'kind = "equals"',
      'kind = "includes"',
    ),
  });
  const gate = await cli(["compare", run, "--baseline-ref", "origin/main"], { cwd: ci });
  assertEquals(gate.code, 1, gate.stdout + gate.stderr);
  match(gate.stdout, /^RULES CHANGED \(exit 1\): /);
  match(gate.stdout, /move the baseline's verdict of 3 cases/);
});

Deno.test("verify re-derives a gate's payload with its moved verdicts, accepted or not", async () => {
  const { ci, run } = await gated(MOVED_WITH_THE_ANSWER);
  for (const accept of [[], ["--accept-rules-change"]]) {
    const saved = await cli(
      ["compare", run, "--baseline-ref", "origin/main", ...accept, "--json"],
      {
        cwd: ci,
      },
    );
    const file = join(ci, "..", `compare${accept.length}.json`);
    await Deno.writeTextFile(file, saved.stdout);
    const verified = await cli(["verify", file], { cwd: ci });
    assertEquals(verified.code, 0, `${accept.join(" ")}: ${verified.stdout}${verified.stderr}`);
  }
});
