import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { cli, workspace } from "./_cli.ts";

function suite(check: string): string {
  return `name = "placeholder"

[target]
module = "system.ts"
export = "answer"

[[assertions]]
name = "correct"
${check}

[[cases]]
id = "a"
vars = { n = 1 }
expected = "a1"
`;
}

for (
  const [kind, check] of [
    ["includes", 'kind = "includes"\nvalue = "{{expected}}"'],
    ["equals", 'kind = "equals"\nvalue = "{{ expected }}"'],
    ["not-includes", 'kind = "not-includes"\nvalue = ["fine", "{{vars.n}}"]'],
  ]
) {
  Deno.test(`a {{...}} in an ${kind} check's value is refused with 64 at its line, not compared literally`, async () => {
    const cwd = await workspace({
      "suite.toml": suite(check),
      "system.ts": "export const answer = (v) => 'a' + v.n;\n",
    });
    const ran = await cli(["run", "suite.toml"], { cwd });
    assertEquals(ran.code, 64, ran.stdout + ran.stderr);
    match(ran.stderr, /^digline: suite\.toml:10:\d+: \[\[assertions\]\] #1 key "value(\[\d\])?": /);
    match(ran.stderr, /never filled in: leave value out of an equals check/);
  });
}

Deno.test("an equals check with no value compares with each case's expected, as the refusal says", async () => {
  const cwd = await workspace({
    "suite.toml": suite('kind = "equals"'),
    "system.ts": "export const answer = (v) => 'a' + v.n;\n",
  });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
});
