import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { cli, ROOT, workspace } from "./_cli.ts";

/** A suite whose one pure check calls a helper it imports; the target shouts case two. */
const SUITE = `import { custom, defineSuite } from "${ROOT}/mod.ts";
import { same } from "./helpers.js";
export const suite = defineSuite({
  name: "helped",
  target: (vars) => vars.n === 2 ? "A2" : "a" + vars.n,
  assertions: [
    custom({
      name: "correct",
      pure: true,
      check: ({ output, testCase }) => same(output, String(testCase.expected)),
    }),
  ],
  aggregates: [{ name: "accuracy", kind: "accuracy", over: "correct" }],
  cases: [
    { id: "one", vars: { n: 1 }, expected: "a1" },
    { id: "two", vars: { n: 2 }, expected: "a2" },
  ],
});
`;

const STRICT = "export function same(a, b) {\n  return a === b;\n}\n";
const CASE_BLIND = "export function same(a, b) {\n  return a.toLowerCase() === b;\n}\n";

Deno.test("editing a helper a pure check imports changes the check's identity: the rules changed, and the baseline is re-checked", async () => {
  const cwd = await workspace({ "suite.ts": SUITE, "helpers.js": STRICT });
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  assertEquals((await cli(["promote", "latest", "--because", "first"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "helpers.js"), CASE_BLIND);
  const run = await cli(["run", "suite.ts"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  const result = await cli(["compare"], { cwd });
  match(result.stdout, /the rules changed/);
  const json = CompareDocumentSchema.parse(
    JSON.parse((await cli(["compare", "--json"], { cwd })).stdout),
  );
  // Case two passes on both sides under the new helper: no improvement the edit invented.
  assertEquals(json.facts.filter((f) => f.kind === "improvement"), []);
  assertEquals(json.facts.filter((f) => f.kind === "rechecked").map((f) => f.cases), [[
    "one",
    "two",
  ]]);
});

Deno.test("a pure check that imports nothing keeps its identity when a file beside it changes", async () => {
  const inline = SUITE.replace('import { same } from "./helpers.js";\n', "")
    .replace("same(output, String(testCase.expected))", "output === String(testCase.expected)");
  const cwd = await workspace({ "suite.ts": inline, "helpers.js": STRICT });
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  assertEquals((await cli(["promote", "latest", "--because", "first"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "helpers.js"), CASE_BLIND);
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  const result = await cli(["compare"], { cwd });
  assertEquals(result.code, 0, result.stdout);
  assertEquals(/the rules changed/.test(result.stdout), false);
});

Deno.test("a check declared pure that answers one input two ways is refused in one line (64), and no run is stored", async () => {
  const flipping = SUITE.replace('import { same } from "./helpers.js";\n', "let asked = 0;\n")
    .replace("same(output, String(testCase.expected))", "asked++ % 2 === 0")
    // One case, so its two askings are the check's first two, whatever the concurrency.
    .replace('\n    { id: "two", vars: { n: 2 }, expected: "a2" },', "");
  const cwd = await workspace({ "suite.ts": flipping });
  const run = await cli(["run", "suite.ts"], { cwd });
  assertEquals(run.code, 64, run.stderr);
  match(run.stderr, /check "correct" is declared pure but answered case \S+ differently/);
  assertEquals(run.stderr.trim().split("\n").length, 1);
  assertEquals((await cli(["list", "--json"], { cwd })).stdout.includes('"run_id"'), false);
});
