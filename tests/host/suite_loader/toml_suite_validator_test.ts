import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { parse } from "smol-toml";
import { validateTomlSuite } from "../../../core/generated/validators.js";
import { TomlSuiteSchema } from "../../../host/suite_loader/suite_schema.ts";
import { jsonCopy } from "../../../host/suite_loader/json_copy.ts";

/** The suite as `run` reads it without zod, or undefined where the schema must read it. */
function generatedRead(raw: unknown): unknown {
  const copy = jsonCopy(raw);
  return copy !== undefined && validateTomlSuite(copy) ? copy : undefined;
}

const base = {
  name: "s",
  target: { module: "system.ts" },
  assertions: [{ name: "correct", kind: "equals" }],
};

Deno.test("the TOML suite's generated validator takes the suite run writes in the bench, as the schema reads it", () => {
  const text = `name = "bench-e2e"
cases_file = "cases.jsonl"

[target]
module = "system.ts"
export = "classify"
concurrency = 64
retries = 0

[[assertions]]
name = "correct"
kind = "equals"

[[assertions]]
name = "answers"
kind = "regex"
pattern = "^(positive|negative)$"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
`;
  const raw = parse(text);
  const read = generatedRead(raw);
  ok(read !== undefined);
  assertEquals(read, TomlSuiteSchema.parse(raw));
});

Deno.test("a command target is read by the generated validator as the schema reads it", () => {
  const suite = { ...base, target: { command: ["python3", "a.py"], cwd: "sub", repeats: 3 } };
  const read = generatedRead(structuredClone(suite));
  ok(read !== undefined);
  assertEquals(read, TomlSuiteSchema.parse(suite));
});

Deno.test("a regex check that does not compile, or a placeholder in a check's value, is refused by the validator as by the schema", () => {
  const refused = [
    [{ name: "r", kind: "regex", pattern: "(" }],
    [{ name: "r", kind: "regex", pattern: "a", flags: "g" }],
    [{ name: "i", kind: "includes", value: ["ok", "{{ name }}"] }],
    [{ name: "e", kind: "equals", value: "{{answer}}" }],
  ];
  for (const assertions of refused) {
    const suite = { ...base, assertions };
    ok(generatedRead(structuredClone(suite)) === undefined, JSON.stringify(assertions));
    ok(!TomlSuiteSchema.safeParse(suite).success, JSON.stringify(assertions));
  }
});

Deno.test("a suite with an http or provider target or a judge is left to the schema, whose refinements JSON Schema can not state", () => {
  const connection = { provider: "openai", model: "m", api_key_env: "OPENAI_API_KEY" };
  const leftToSchema = [
    { ...base, target: { http: "http://127.0.0.1:8080/answer" } },
    { ...base, target: { ...connection, prompt: "{{q}}" } },
    { ...base, assertions: [{ name: "j", kind: "judge", ...connection, rubric: "is it kind?" }] },
  ];
  for (const suite of leftToSchema) {
    ok(TomlSuiteSchema.safeParse(suite).success, JSON.stringify(suite));
    ok(generatedRead(structuredClone(suite)) === undefined, JSON.stringify(suite));
  }
});

Deno.test("a TOML date or infinity is left to the schema, which refuses it", () => {
  const raw = parse(`name = "s"
[target]
module = "system.ts"
[[assertions]]
name = "correct"
kind = "equals"
[[cases]]
id = "a"
expected = 1979-05-27
[[cases]]
id = "b"
expected = inf
`);
  ok(generatedRead(raw) === undefined);
  ok(!TomlSuiteSchema.safeParse(raw).success);
});
