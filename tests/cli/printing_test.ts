import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { cli, ROOT, SMALL_SUITE, workspace } from "./_cli.ts";
import { printer } from "../mcp/_printer.ts";

const PRINTING_SYSTEM = `${printer("shout")}
await shout("PRINTED-AT-TOP-LEVEL");
export async function answer(vars) {
  await shout("PRINTED-BY-THE-SYSTEM");
  return "a" + vars.n;
}
`;

Deno.test("run --json prints exactly one JSON document while the module target prints to stdout every way it can", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": PRINTING_SYSTEM });
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  ok(!run.stdout.includes("PRINTED"), run.stdout);
  const document = JSON.parse(run.stdout);
  match(document.path, /runs\//);
  // What the system printed through console and the standard streams is kept, on stderr.
  match(run.stderr, /\[target "small"[^\]]*\] PRINTED-BY-THE-SYSTEM|\] PRINTED-BY-THE-SYSTEM/);
});

Deno.test("run --json prints exactly one JSON document while a suite in code and its custom check print to stdout", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
${printer("shout")}
await shout("PRINTED-AT-TOP-LEVEL");
export const suite = defineSuite({
  name: "printing",
  target: async (vars) => {
    await shout("PRINTED-BY-THE-TARGET");
    return "out";
  },
  assertions: [custom({ name: "prints", check: async ({ output }) => {
    await shout("PRINTED-BY-THE-CHECK");
    return output === "out";
  } })],
  cases: [{ id: "a" }, { id: "b" }],
});
`,
  });
  const run = await cli(["run", "suite.ts", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  ok(!run.stdout.includes("PRINTED"), run.stdout);
  const document = JSON.parse(run.stdout);
  assertEquals(document.checks.error, []);
  match(run.stderr, /\] PRINTED-BY-THE-CHECK/);
});

Deno.test("what a module target prints of a key it read reaches stderr scrubbed, even printed a character at a time", async () => {
  const key = "sk-printed-key-0123456789abcdef";
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": `
const key = Deno.env.get("OPENAI_API_KEY") ?? "";
export function answer(vars) {
  console.log("the key is " + key);
  for (const char of key) Deno.stderr.writeSync(new TextEncoder().encode(char));
  console.error("");
  return "a" + vars.n;
}
`,
  });
  const run = await cli(["run", "suite.toml", "--json"], { cwd, env: { OPENAI_API_KEY: key } });
  assertEquals(run.code, 0, run.stderr);
  match(run.stderr, /the key is \[the key\]/);
  ok(!run.stderr.includes(key.slice(0, 12)), run.stderr);
  ok(!run.stderr.includes(key.slice(-12)), run.stderr);
});
