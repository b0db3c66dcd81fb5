import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { cli, ROOT, workspace } from "./_cli.ts";
import { sharedFixturePer } from "../support/template_copies.ts";
import { copyWorkspace } from "../support/built_once_workspace.ts";

/**
 * A code-form suite of three cases whose one custom check compares with `expected`, case-blind
 * or not, and is declared pure or not. `wrong` lists the cases the target answers wrongly, and
 * `shouted` those it answers in capitals.
 */
function codeSuite(options: {
  caseBlind: boolean;
  pure: boolean;
  wrong?: number[];
  shouted?: number[];
}): string {
  return `import { custom, defineSuite } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "pure",
  target: (vars) => {
    const text = ${
    JSON.stringify(options.wrong ?? [])
  }.includes(vars.n) ? "b" + vars.n : "a" + vars.n;
    return ${JSON.stringify(options.shouted ?? [])}.includes(vars.n) ? text.toUpperCase() : text;
  },
  assertions: [
    custom({
      name: "correct",
      params: { case_blind: ${options.caseBlind} },
      ${options.pure ? "pure: true," : ""}
      check: ({ output, testCase }) => {
        const expected = String(testCase.expected);
        return ${options.caseBlind} ? output.toLowerCase() === expected : output === expected;
      },
    }),
  ],
  aggregates: [{ name: "accuracy", kind: "accuracy", over: "correct" }],
  cases: [
    { id: "one", vars: { n: 1 }, expected: "a1" },
    { id: "two", vars: { n: 2 }, expected: "a2" },
    { id: "three", vars: { n: 3 }, expected: "a3" },
  ],
});
`;
}

/** A store that approved a run of a suite, built once per suite; tests edit copies of it. */
const approvedStore = sharedFixturePer(async (first: Parameters<typeof codeSuite>[0]) => {
  const cwd = await workspace({ "suite.ts": codeSuite(first) });
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--because", "first"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  return cwd;
});

async function approvedThenEdited(
  first: Parameters<typeof codeSuite>[0],
  second: Parameters<typeof codeSuite>[0],
): Promise<string> {
  const cwd = await copyWorkspace(await approvedStore(first));
  await Deno.writeTextFile(join(cwd, "suite.ts"), codeSuite(second));
  const run = await cli(["run", "suite.ts"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  return cwd;
}

Deno.test("loosening a pure custom check in the change that breaks a case still exits 1", async () => {
  // Case two shouted in the baseline (a fail there); the candidate breaks case one and the check
  // turns case-blind, which alone would pass case two on both sides.
  const cwd = await approvedThenEdited(
    { caseBlind: false, pure: true, shouted: [2] },
    { caseBlind: true, pure: true, shouted: [2], wrong: [1] },
  );
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 1, result.stdout);
  match(result.stdout, /^WORSE \(exit 1\): the rules changed: /);
  match(result.stdout, /the baseline was re-checked under the new rules \(correct on 3 cases\)/);
  match(result.stdout, /1 regression in 1 case, pass → fail: one · correct/);
  const json = CompareDocumentSchema.parse(
    JSON.parse((await cli(["explain", "--json"], { cwd })).stdout),
  );
  assertEquals(json.facts.filter((f) => f.kind === "regression").map((f) => f.case_id), ["one"]);
  ok(!json.facts.some((f) => f.kind === "not-rechecked"), "a pure check is re-checked");
});

Deno.test("a pure custom check loosened with nothing broken compares under one set of rules: exit 0", async () => {
  const cwd = await approvedThenEdited(
    { caseBlind: false, pure: true, shouted: [2] },
    { caseBlind: true, pure: true, shouted: [2] },
  );
  const result = await cli(["compare", "--json"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  const json = CompareDocumentSchema.parse(JSON.parse(result.stdout));
  // Case two passes on both sides under the new rules: not an improvement the edit invented.
  assertEquals(json.facts.filter((f) => f.kind === "improvement"), []);
  assertEquals(
    json.facts.filter((f) => f.kind === "rechecked").map((f) => f.cases),
    [["one", "three", "two"]],
  );
});

Deno.test("a changed custom check not declared pure is unjudged (2), naming the ways out", async () => {
  const cwd = await approvedThenEdited(
    { caseBlind: false, pure: false, shouted: [2] },
    { caseBlind: true, pure: false, shouted: [2], wrong: [1] },
  );
  const result = await cli(["compare", "--json"], { cwd });
  assertEquals(result.code, 2, result.stdout);
  const json = CompareDocumentSchema.parse(JSON.parse(result.stdout));
  const facts = json.facts.filter((f) => f.kind === "not-rechecked");
  assertEquals(facts.map((f) => f.case_id).sort(), ["one", "three", "two"]);
  match(
    facts[0].resolve ?? "",
    /^declare "correct" pure: true if it calls nothing, then digline run .*suite\.ts; or digline rejudge \S+, then promote the run it stores$/,
  );
  const text = await cli(["explain"], { cwd });
  assertEquals(text.code, 2);
  match(text.stdout, /not-rechecked {2}one · correct .*declare "correct" pure: true/);
});

Deno.test("a pure check re-checked against another baseline than the one compared is unjudged, and says to run again", async () => {
  const cwd = await workspace({ "suite.ts": codeSuite({ caseBlind: false, pure: true }) });
  const other = await cli(["run", "suite.ts", "--json"], { cwd });
  assertEquals(other.code, 0, other.stderr);
  const otherRun = JSON.parse(other.stdout).run_id;
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--because", "first"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "suite.ts"), codeSuite({ caseBlind: true, pure: true }));
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  // The run re-checked the approved baseline; the run named here was never re-checked.
  assertEquals((await cli(["compare"], { cwd })).code, 0);
  const result = await cli(["compare", "--baseline", otherRun, "--json"], { cwd });
  assertEquals(result.code, 2, result.stdout);
  const json = CompareDocumentSchema.parse(JSON.parse(result.stdout));
  const facts = json.facts.filter((f) => f.kind === "not-rechecked");
  assertEquals(facts.length, 3);
  match(
    facts[0].resolve ?? "",
    /^digline run .*suite\.ts again, which re-checks pure "correct" on the approved baseline; or digline rejudge /,
  );
});
