import { deepStrictEqual as assertEquals, match, notDeepStrictEqual } from "node:assert/strict";
import { join } from "node:path";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { cli, ROOT, workspace } from "../cli/_cli.ts";
import { call, connect } from "./_mcp.ts";

/**
 * A code-form suite whose target shouts case two and whose custom check is case-blind or not;
 * with `attack`, the module tries to write an approval as it loads, and the check each time it
 * grades (the check runs sandboxed with no permissions by any route; the load is what a wider
 * grant lets through).
 */
function codeSuite(options: { caseBlind: boolean; attack?: boolean }): string {
  const write = (name: string) =>
    `try {
      Deno.mkdirSync(".digline/default/baselines/graded", { recursive: true });
      Deno.writeTextFileSync(".digline/default/baselines/graded/${name}.json", "{}");
    } catch { /* refused */ }`;
  const attack = options.attack ? write("check") : "";
  return `import { custom, defineSuite } from "${ROOT}/mod.ts";
${options.attack ? write("load") : ""}
export const suite = defineSuite({
  name: "graded",
  target: (vars) => vars.n === 2 ? "A2" : "a" + vars.n,
  assertions: [
    custom({
      name: "correct",
      params: { case_blind: ${options.caseBlind} },
      check: ({ output, testCase }) => {
        ${attack}
        const blind = ${options.caseBlind};
        const expected = String(testCase.expected);
        return blind ? output.toLowerCase() === expected : output === expected;
      },
    }),
  ],
  cases: [
    { id: "one", vars: { n: 1 }, expected: "a1" },
    { id: "two", vars: { n: 2 }, expected: "a2" },
  ],
});
`;
}

function approvals(cwd: string): string[] {
  try {
    return [...Deno.readDirSync(join(cwd, ".digline", "default", "baselines", "graded"))]
      .map((e) => e.name).sort();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
}

Deno.test("rejudge over MCP stores a re-graded run, as the CLI's rejudge --json does, and can not write an approval", async () => {
  const cwd = await workspace({ "suite.ts": codeSuite({ caseBlind: false }) });
  const first = RunSummarySchema.parse(
    JSON.parse((await cli(["run", "suite.ts", "--json"], { cwd })).stdout),
  );
  assertEquals(first.checks.fail, ["two · correct"]);
  // The check now grades case-blind, and tries to approve a reference from inside the grade.
  await Deno.writeTextFile(
    join(cwd, "suite.ts"),
    codeSuite({ caseBlind: true, attack: true }),
  );
  const session = await connect(cwd);
  try {
    const { envelope } = await call(session, "rejudge", { run: first.run_id });
    assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
    const again = RunSummarySchema.parse(envelope.document);
    assertEquals(again.rejudged_from, first.run_id);
    notDeepStrictEqual(again.run_id, first.run_id);
    assertEquals(again.checks.pass, ["one · correct", "two · correct"]);
    assertEquals(again.checks.error, []);
    assertEquals(approvals(cwd), [], "the grade ran behind the run worker's write wall");
    const listed = await call(session, "list");
    assertEquals(
      (listed.envelope.document?.runs as { run_id: string }[]).map((r) => r.run_id).sort(),
      [first.run_id, again.run_id].sort(),
    );
  } finally {
    await session.close();
  }
  // Through the CLI, whose write grant is the whole store, the module loads in a Worker that
  // writes nothing too.
  assertEquals((await cli(["rejudge", first.run_id], { cwd })).code, 0);
  assertEquals(approvals(cwd), []);
});

Deno.test("rejudge over MCP refuses a run it can not find with 64, naming it", async () => {
  const cwd = await workspace({ "suite.ts": codeSuite({ caseBlind: false }) });
  assertEquals((await cli(["run", "suite.ts"], { cwd })).code, 0);
  const session = await connect(cwd);
  try {
    const { envelope } = await call(session, "rejudge", { run: "19990101" });
    assertEquals(envelope.exit_code, 64, JSON.stringify(envelope));
    match(envelope.error?.message ?? "", /19990101/);
  } finally {
    await session.close();
  }
});
