import { deepStrictEqual as assertEquals, match, notDeepStrictEqual, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { cli, workspace } from "./_cli.ts";
import { helpedSuite, helpedSystem, LOOSENINGS } from "./_helped_suite.ts";
import { builtOnce, copyWorkspace } from "../support/built_once_workspace.ts";
import { storedRun } from "../support/stored_run.ts";
import { approvedUpstream, ciCheckout, ciRun, pullRequest } from "../support/pull_request.ts";

/** Approved stores of helpedSuite, the system shouting case two (a fail under the strict check). */
const approvedStores = {
  pure: builtOnce(() => approved({ pure: true, shouted: [2] })),
  impure: builtOnce(() => approved({ pure: false, shouted: [2] })),
};

async function approved(options: Parameters<typeof helpedSuite>[0]): Promise<string> {
  const cwd = await workspace(helpedSuite(options));
  const ran = await cli(["run", "suite.ts"], { cwd });
  assertEquals(ran.code, 0, ran.stderr);
  const promoted = await cli(["promote", "latest", "--because", "first"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  return cwd;
}

async function write(cwd: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(dirname(join(cwd, path)), { recursive: true });
    await Deno.writeTextFile(join(cwd, path), text);
  }
}

/** The ids of the checks of the run `run --json` stored. */
async function runIds(cwd: string): Promise<string[]> {
  const ran = await cli(["run", "suite.ts", "--json"], { cwd });
  assertEquals(ran.code, 0, ran.stderr);
  const stored = await storedRun(cwd, JSON.parse(ran.stdout).path);
  return (stored.assertions as { id: string }[]).map((a) => a.id);
}

for (const loosened of LOOSENINGS) {
  Deno.test(`a pure check loosened through ${loosened === "imported" ? "a module its helper imports" : `a ${loosened} beside it`}, in the change that breaks a case, reads "the rules changed" and exits 1`, async () => {
    // Case two shouted "A2" in the baseline (a fail); the change breaks it into "b2" and turns
    // the check case-blind without touching its text: judged by the same rules, "A2" passes.
    const cwd = await copyWorkspace(await approvedStores.pure());
    await write(cwd, helpedSuite({ pure: true, loosened, wrong: [2] }));
    assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
    const result = await cli(["compare"], { cwd });
    assertEquals(result.code, 1, result.stdout);
    match(
      result.stdout,
      /^WORSE \(exit 1\): the rules changed: the checks' definitions differ, 1 check changed through a file of the suite's module, not its own text \(correct\), /,
    );
    match(result.stdout, /the baseline was re-checked under the new rules \(correct on 3 cases\)/);
    match(result.stdout, /1 regression in 1 case, pass → fail: two · correct/);
  });

  Deno.test(`a check not declared pure, loosened through ${loosened === "imported" ? "a module its helper imports" : `a ${loosened} beside it`}, is unjudged (2) and names the way out`, async () => {
    const cwd = await copyWorkspace(await approvedStores.impure());
    await write(cwd, helpedSuite({ pure: false, loosened, wrong: [2] }));
    assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
    const result = await cli(["compare", "--json"], { cwd });
    assertEquals(result.code, 2, result.stdout);
    const json = CompareDocumentSchema.parse(JSON.parse(result.stdout));
    const facts = json.facts.filter((f) => f.kind === "not-rechecked");
    assertEquals(facts.map((f) => f.case_id).sort(), ["one", "three", "two"]);
    match(facts[0].resolve ?? "", /^declare "correct" pure: true if it calls nothing, then /);
  });
}

Deno.test("a comment added to the suite module is a change of rules: the pure check is re-checked, and nothing got worse", async () => {
  const cwd = await copyWorkspace(await approvedStores.pure());
  const suite = join(cwd, "suite.ts");
  await Deno.writeTextFile(suite, (await Deno.readTextFile(suite)) + "// reviewed\n");
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  match(
    result.stdout,
    /^NOT WORSE \(exit 0\): .*; the rules changed: the checks' definitions differ, 1 check changed through a file of the suite's module, not its own text \(correct\), the baseline was re-checked under the new rules \(correct on 3 cases\)/,
  );
});

Deno.test("a change to the system, which the suite module does not import, leaves the checks' ids alone: a regression is a plain 1", async () => {
  for (const store of [approvedStores.pure, approvedStores.impure]) {
    const cwd = await copyWorkspace(await store());
    await write(cwd, { "system.js": helpedSystem({ shouted: [2], wrong: [1] }), "notes.js": "" });
    assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
    const result = await cli(["compare"], { cwd });
    assertEquals(result.code, 1, result.stdout);
    ok(!/the rules changed/.test(result.stdout), result.stdout);
    match(result.stdout, /1 regression in 1 case, pass → fail: one · correct/);
  }
});

Deno.test("a check's id is the same in another folder holding the same files, and moves with a file its module reaches", async () => {
  const files = helpedSuite({ pure: false });
  const here = await runIds(await workspace(files));
  const there = join(await Deno.makeTempDir({ prefix: "digline-elsewhere-" }), "deep", "er");
  await write(there, files);
  assertEquals(await runIds(there), here);
  await write(there, { "lib/lower.js": "export const lower = (s) => s; // same\n" });
  notDeepStrictEqual(await runIds(there), here);
});

Deno.test("the gate: a helper loosened beside a check not declared pure, in the pull request that breaks a case, does not exit 0", async () => {
  const upstream = await approvedUpstream(helpedSuite({ pure: false, shouted: [2] }), "suite.ts");
  await pullRequest(upstream, async (dir) => {
    await write(dir, helpedSuite({ pure: false, loosened: "helper", wrong: [2] }));
  });
  const ci = await ciCheckout(upstream);
  const ref = ["--baseline-ref", "origin/main"];
  const run = await ciRun(ci, "suite.ts", ref);
  const gated = await cli(["compare", ...ref, run], { cwd: ci });
  assertEquals(gated.code, 2, gated.stdout + gated.stderr);
  match(
    gated.stdout,
    /^COULD NOT BE JUDGED \(exit 2\): the rules changed: .*; not judged: 3 checks changed and can not be re-checked on the baseline's outputs without a call \(one · correct, two · correct, three · correct\); to approve the new rules: declare "correct" pure: true if it calls nothing, then digline run suite\.ts --baseline-ref origin\/main; or digline run suite\.ts, then digline promote latest --suite helped /,
  );
});

Deno.test("a suite that imports its system makes a change to the system a change of its checks: a pure one still finds the regression (1), another is unjudged (2)", async () => {
  for (const pure of [true, false]) {
    const files = helpedSuite({ pure });
    files["suite.ts"] = files["suite.ts"]
      .replace(
        'import { fold } from "./lib/fold.js";',
        (line) => `${line}\nimport { answer } from "./system.js";`,
      )
      .replace('{ module: "system.js", export: "answer" }', "answer");
    const cwd = await workspace(files);
    assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
    assertEquals((await cli(["promote", "latest", "--because", "first"], { cwd })).code, 0);
    await write(cwd, { "system.js": helpedSystem({ wrong: [2] }) });
    assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
    const result = await cli(["compare"], { cwd });
    assertEquals(result.code, pure ? 1 : 2, result.stdout);
    match(
      result.stdout,
      /the rules changed: the checks' definitions differ, 1 check changed through a file of the suite's module, not its own text \(correct\)/,
    );
    if (pure) match(result.stdout, /1 regression in 1 case, pass → fail: two · correct/);
  }
});
