import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { pureSuite } from "./_pure_suite.ts";
import {
  approvedUpstream,
  ciCheckout,
  ciRun,
  pullRequest,
  type Upstream,
} from "../support/pull_request.ts";
import { copyOfUpstream, sharedFixture } from "../support/template_copies.ts";

/** main approving the pure suite's run, built once; each pull request is made on a copy. */
const approvedPureSuite = sharedFixture(() =>
  approvedUpstream({ "suite.ts": pureSuite({ caseBlind: false }) }, "suite.ts")
);

/**
 * CI's checkout of the pull request that turns the pure check case-blind and breaks case two,
 * as pureCheckPullRequest makes it, on a copy of the approved upstream.
 */
async function pureCheckPullRequest(): Promise<{ upstream: Upstream; ci: string }> {
  const upstream = await copyOfUpstream(await approvedPureSuite());
  await pullRequest(upstream, async (dir) => {
    await Deno.writeTextFile(join(dir, "suite.ts"), pureSuite({ caseBlind: true, wrong: [2] }));
  });
  return { upstream, ci: await ciCheckout(upstream) };
}

/** The store's copy of a run, with case two's stored output replaced. */
async function doctored(path: string, output: string): Promise<string> {
  const doc = JSON.parse(await Deno.readTextFile(path));
  for (const c of doc.cases) if (c.case_id === "two") c.output = output;
  return JSON.stringify(doc, null, 1) + "\n";
}

interface Fact {
  kind: string;
  resolve?: string;
}

Deno.test("a pull request that edits a pure check and commits a doctored copy of the approved run does not pass the gate; the way out it is told gates it", async () => {
  const upstream = await copyOfUpstream(await approvedPureSuite());
  await pullRequest(upstream, async (dir) => {
    await Deno.writeTextFile(join(dir, "suite.ts"), pureSuite({ caseBlind: true, wrong: [2] }));
    // The copy `run` re-checks on: case two's stored answer is made as wrong as the candidate's.
    const copy = `.digline/default/runs/pure/${upstream.approved}.json`;
    await Deno.mkdir(join(dir, ".digline/default/runs/pure"), { recursive: true });
    const source = join(dir, ".digline/default/baselines/pure/runs", `${upstream.approved}.json`);
    await Deno.writeTextFile(join(dir, copy), await doctored(source, "b2"));
    await Deno.writeTextFile(source, await doctored(source, "b2"));
    return [copy];
  });
  const ci = await ciCheckout(upstream);
  const made = await ciRun(ci, "suite.ts");
  const gated = await cli(["compare", "--baseline-ref", "origin/main", made], { cwd: ci });
  assertEquals(gated.code, 2, gated.stdout + gated.stderr);
  const explained = await cli(["explain", "--baseline-ref", "origin/main", made, "--json"], {
    cwd: ci,
  });
  const facts = JSON.parse(explained.stdout).facts as Fact[];
  const notRechecked = facts.find((f) => f.kind === "not-rechecked");
  ok(notRechecked !== undefined, explained.stdout);
  match(notRechecked.resolve ?? "", /digline run suite\.ts --baseline-ref origin\/main/);
  // What it says to do: run with the ref, then compare that run.
  const again = await ciRun(ci, "suite.ts", ["--baseline-ref", "origin/main"]);
  const followed = await cli(["compare", "--baseline-ref", "origin/main", again], { cwd: ci });
  assertEquals(followed.code, 1, followed.stdout + followed.stderr);
  match(followed.stdout, /1 regression in 1 case, pass → fail: two · correct/);
});

Deno.test("in a fresh CI clone a changed pure check is re-checked on the approval the repository commits", async () => {
  const { ci } = await pureCheckPullRequest();
  for (const extra of [[], ["--baseline-ref", "origin/main"]]) {
    const made = await ciRun(ci, "suite.ts", extra);
    const gated = await cli(["compare", "--baseline-ref", "origin/main", made], { cwd: ci });
    assertEquals(gated.code, 1, `run ${extra.join(" ")}: ${gated.stdout}${gated.stderr}`);
    match(gated.stdout, /the baseline was re-checked under the new rules/);
  }
});

Deno.test("a re-check recorded without the digest of what it graded, or with another's, is not used", async () => {
  const { ci } = await pureCheckPullRequest();
  const made = await ciRun(ci, "suite.ts", ["--baseline-ref", "origin/main"]);
  const path = join(ci, ".digline/default/runs/pure", `${made}.json`);
  const doc = JSON.parse(await Deno.readTextFile(path));
  ok(doc.baseline_rechecks.every((r: { baseline_digest?: string }) => r.baseline_digest));
  for (const digest of [undefined, "0".repeat(64)]) {
    for (const r of doc.baseline_rechecks) {
      // Each re-check now claims case two failed on the baseline too.
      if (r.case_id === "two") {
        r.verdicts = r.verdicts.map((v: object) => ({ ...v, status: "fail" }));
      }
      if (digest === undefined) delete r.baseline_digest;
      else r.baseline_digest = digest;
    }
    await Deno.writeTextFile(path, JSON.stringify(doc, null, 1) + "\n");
    const gated = await cli(["compare", "--baseline-ref", "origin/main", made], { cwd: ci });
    assertEquals(gated.code, 2, gated.stdout + gated.stderr);
  }
});
