import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { cli, workspace } from "./_cli.ts";
import { rulesSuite, shoutingSystem } from "./_rules_suite.ts";
import { builtOnce } from "../support/built_once_workspace.ts";

const suite = rulesSuite;
const system = shoutingSystem;

/** Approved stores by the files they start from: each is built once, each test gets a copy. */
const approvedStores = new Map<string, () => Promise<string>>();

function approved(files: Record<string, string>): Promise<string> {
  const key = JSON.stringify(files);
  let store = approvedStores.get(key);
  if (store === undefined) {
    store = builtOnce(async () => {
      const cwd = await workspace(files);
      assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
      const promoted = await cli(["promote", "latest", "--by", "t", "--because", "first"], {
        cwd,
      });
      assertEquals(promoted.code, 0, promoted.stderr);
      return cwd;
    });
    approvedStores.set(key, store);
  }
  return store();
}

async function edit(cwd: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(cwd, path), text);
  }
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
}

Deno.test("loosening the check in the same change that breaks a case still exits 1", async () => {
  // The baseline passes "a1" exactly; the candidate says "b1" and the check becomes case-blind.
  const cwd = await approved({ "suite.toml": suite(), "system.ts": system() });
  await edit(cwd, {
    "suite.toml": suite({ check: "ignore_case = true" }),
    "system.ts": `export function answer(vars) { return vars.n === 1 ? "b1" : "A" + vars.n; }\n`,
  });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 1, result.stdout);
  match(result.stdout, /^WORSE \(exit 1\): the rules changed: /);
  match(result.stdout, /1 check changed \(correct\)/);
  match(result.stdout, /the baseline was re-checked under the new rules \(correct on 3 cases\)/);
  match(result.stdout, /1 regression in 1 case, pass → fail: one · correct/);
});

Deno.test("renaming the check does not hide a regression", async () => {
  const cwd = await approved({ "suite.toml": suite(), "system.ts": system() });
  await edit(cwd, {
    "suite.toml": suite({ name: "exact" }),
    "system.ts": `export function answer(vars) { return vars.n === 2 ? "zz" : "a" + vars.n; }\n`,
  });
  const result = await cli(["compare", "--json"], { cwd });
  assertEquals(result.code, 1, result.stdout);
  const document = CompareDocumentSchema.parse(JSON.parse(result.stdout));
  const regressions = document.causes.filter((f) => f.kind === "regression");
  assertEquals(regressions.map((f) => `${f.case_id} · ${f.assertion}`), ["two · exact"]);
  const rechecked = document.facts.find((f) => f.kind === "rechecked");
  assertEquals(rechecked?.cases, ["one", "three", "two"]);
});

Deno.test("a loosened check that forgives what the baseline failed is not a regression", async () => {
  // The baseline shouted "A2" and failed; case-blind, both sides pass: an honest exit 0.
  const cwd = await approved({ "suite.toml": suite(), "system.ts": system([2]) });
  await edit(cwd, { "suite.toml": suite({ check: "ignore_case = true" }) });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  match(result.stdout, /^NOT WORSE \(exit 0\): nothing got worse/);
  match(result.stdout, /the baseline was re-checked under the new rules/);
  ok(!/fail → pass/.test(result.stdout), "a re-checked pass is no improvement");
});

Deno.test("a changed expected value is re-checked on the baseline's output", async () => {
  // The candidate expects "a9" for case one and the system still says "a1": both sides fail
  // under the new rules, so nothing regressed; the system saying "a1" for three changes that.
  const cwd = await approved({ "suite.toml": suite(), "system.ts": system() });
  await edit(cwd, { "suite.toml": suite().replace('expected = "a1"', 'expected = "a9"') });
  const result = await cli(["explain"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  match(result.stdout, /rechecked {2}correct {2}.* of 1 case/);
});

Deno.test("a case whose inputs changed is not judged, and the way out is named", async () => {
  const cwd = await approved({ "suite.toml": suite(), "system.ts": system() });
  await edit(cwd, { "suite.toml": suite({ extra: "30" }) });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 2, result.stdout);
  match(
    result.stdout,
    /not judged: 1 case now asks the target something else \(three\); to approve the new rules: digline promote \S+ --because/,
  );
});

Deno.test("removing a case that passed is a clause of its own", async () => {
  const cwd = await approved({ "suite.toml": suite(), "system.ts": system() });
  const without = suite().replace(/\[\[cases\]\]\nid = "three"[\s\S]*$/, "");
  await edit(cwd, { "suite.toml": without });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  match(result.stdout, /1 case removed \(three\)/);
  match(result.stdout, /1 case that passed in the baseline is no longer checked \(three\)/);
});

Deno.test("a json check's new schema re-checks the baseline's outputs by that schema", async () => {
  // Case three answers "a3" on both sides: only a baseline re-checked by the new schema fails it
  // too, so compare exits 0 rather than calling the tightened schema a regression.
  const shapeSuite = (answer: string) => `
name = "shape"

[target]
module = "system.ts"
export = "answer"
retries = 0

[[assertions]]
name = "shape"
kind = "json"
schema = { type = "object", required = ["answer"], properties = { answer = ${answer} } }

${[1, 2, 3].map((n) => `[[cases]]\nid = "c${n}"\nvars = { n = ${n} }\n`).join("\n")}`;
  const cwd = await approved({
    "suite.toml": shapeSuite('{ type = "string" }'),
    "system.ts":
      `export function answer(vars) { return JSON.stringify({ answer: "a" + vars.n }); }\n`,
  });
  await edit(cwd, { "suite.toml": shapeSuite('{ pattern = "^a[12]$" }') });
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  match(result.stdout, /the baseline was re-checked under the new rules \(shape on 3 cases\)/);
});
