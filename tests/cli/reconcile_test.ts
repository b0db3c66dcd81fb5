import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema, RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, ROOT, workspace } from "./_cli.ts";
import { storedRun } from "../support/stored_run.ts";

/** A code-form suite whose custom check misbehaves in the way `shape` names, for case "b". */
function misbehavingSuite(shape: "nothing" | "twice" | "misnamed" | "fine"): string {
  return `import { custom, defineSuite, equals } from "${ROOT}/mod.ts";
const shape = ${JSON.stringify(shape)};
export const suite = defineSuite({
  name: "gaps",
  target: (vars) => String(vars.text),
  assertions: [
    equals({ name: "correct" }),
    custom({
      name: "polite",
      check: ({ output, testCase }) => {
        const verdict = { status: output.includes("please") ? "pass" : "fail" };
        if (testCase.id !== "b" || shape === "fine") return verdict;
        if (shape === "nothing") return undefined;
        if (shape === "twice") return [verdict, verdict];
        return { ...verdict, name: "a-different-name" };
      },
    }),
  ],
  aggregates: [{ name: "politeness", kind: "accuracy", over: "polite" }],
  cases: [
    { id: "a", vars: { text: "yes please" }, expected: "yes please" },
    { id: "b", vars: { text: "no" }, expected: "no" },
    { id: "c", vars: { text: "fine, please" }, expected: "fine, please" },
  ],
});
`;
}

async function runShape(shape: "nothing" | "twice" | "misnamed" | "fine") {
  const cwd = await workspace({ "suite.ts": misbehavingSuite(shape) });
  const result = await cli(["run", "suite.ts", "--json"], { cwd });
  const summary = RunSummarySchema.parse(JSON.parse(result.stdout));
  // A check left without its verdict could not be judged: the run is stored and exits 2.
  assertEquals(result.code, summary.checks.error.length > 0 ? 2 : 0, result.stderr);
  return { cwd, summary };
}

Deno.test("a custom check that returns nothing leaves a named unreconciled verdict, exit 2", async () => {
  const { cwd, summary } = await runShape("nothing");
  assertEquals(summary.checks.error, ["b · polite"]);
  const run = await storedRun(cwd, summary.path!);
  const verdict = run.cases[1].verdicts.find((v: { assertion: string }) =>
    v.assertion === "polite"
  );
  assertEquals(verdict.metadata, { unreconciled: true });
  assertEquals(verdict.reason, 'check "polite" was asked of case "b" and no verdict came back');
  const compare = await cli(["compare", "--baseline", "latest"], { cwd });
  assertEquals(compare.code, 2);
  match(
    compare.stdout,
    /^COULD NOT BE JUDGED \(exit 2\): the run does not reconcile with what the suite asked: 1 check got no answer \(b · polite\)/,
  );
  const explain = await cli(["explain", "--baseline", "latest"], { cwd });
  assertEquals(explain.stdout.split("\n")[0], "unreconciled  b · polite");
  const promote = await cli(["promote", "latest", "--because", "t"], { cwd });
  assertEquals(promote.code, 64);
  match(promote.stderr, /unreconciled/);
  match(promote.stderr, /b · polite/);
});

Deno.test("a second answer to one question is replaced by a marked errored copy", async () => {
  const { cwd, summary } = await runShape("twice");
  const run = await storedRun(cwd, summary.path!);
  const polite = run.cases[1].verdicts.filter((v: { assertion: string }) =>
    v.assertion === "polite"
  );
  assertEquals(polite.map((v: { status: string }) => v.status), ["fail", "error"]);
  assertEquals(polite[1].metadata, { unreconciled: true });
  const document = CompareDocumentSchema.parse(
    JSON.parse((await cli(["compare", "--baseline", "latest", "--json"], { cwd })).stdout),
  );
  assertEquals(document.verdict, 2);
  assertEquals(document.causes_by_kind.unreconciled.count, 1);
});

Deno.test("a verdict under another display name is still counted by its assertion id", async () => {
  const { summary } = await runShape("misnamed");
  assertEquals(summary.checks.error, []);
  assertEquals(summary.checks.fail, ["b · polite"], "the failure is not hidden by its name");
  const politeness = summary.figures.find((f) => f.name === "politeness");
  assertEquals(politeness?.value, 2 / 3, "failing verdicts under another name do not flatter it");
  assertEquals(politeness?.counted, ["a", "b", "c"]);
});

Deno.test("a run that reconciles is stored byte for byte as the driver produced it", async () => {
  const { cwd, summary } = await runShape("fine");
  const text = await Deno.readTextFile(join(cwd, summary.path!));
  ok(!text.includes("unreconciled"));
  assertEquals(summary.checks.error, []);
});
