import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { parse } from "smol-toml";
import { PLAIN_SUITE_KEYS, plainTomlSuite } from "../../../host/suite_loader/plain_toml_suite.ts";
import { TomlSuiteSchema } from "../../../host/suite_loader/suite_schema.ts";
import { MAX_BACKOFF_MS, MAX_TIMER_MS } from "../../../core/limits.ts";

/** A suite with one of everything the hand check takes. */
const suite = {
  name: "plain",
  description: "all the plain parts",
  target: { module: "system.ts", export: "classify", concurrency: 64, retries: 0 },
  assertions: [
    { name: "correct", kind: "equals", trim: true },
    { name: "says", kind: "includes", value: ["ive", "x"], ignore_case: true },
    { name: "no-sorry", kind: "not-includes", value: "sorry" },
    { name: "answers", kind: "regex", pattern: "^(positive|negative)$", flags: "i" },
    { name: "short", kind: "length", min: 1, max: 80 },
    { name: "score", kind: "number", field: "a.b", min: 0, max: 1.5 },
  ],
  aggregates: [
    { name: "accuracy", kind: "accuracy", over: "correct", primary: true },
    { name: "recall", kind: "recall", over: "says", positive: "1", by: "group" },
    { name: "len", kind: "mean", over: "short", higher_is_better: false },
    { name: "precision", kind: "precision", over: "says", positive: "pos" },
  ],
  cases: [
    { id: "a", vars: { text: "hi", n: [1, { k: "v" }] }, expected: "positive" },
    { id: "b", group: "g", label: "pos" },
  ],
  cases_file: ["cases.jsonl"],
  gate: { alpha: 0.05, power: 0.8, noisy_draws: 0, confirm_draws: 5, max_extra_calls: 100 },
  report: { redact: ["vars", "outputs"] },
};

/** Values at and past every bound the schema sets, and of every wrong type. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.boolean(),
  fc.constantFrom(-1, 0, 0.01, 0.2, 0.21, 0.5, 0.51, 0.9, 0.99, 1, 1.5, 2, 10, 11, 20, 21),
  fc.constantFrom(100, 101, 1024, 1025, 2 ** 53, Infinity, NaN, -0),
  fc.constantFrom(MAX_TIMER_MS, MAX_TIMER_MS + 1, MAX_BACKOFF_MS, MAX_BACKOFF_MS + 1),
  fc.constantFrom("", "x", "a b", "group", "default", "outputs", "[", "(", "^a$", "iu", "g"),
  fc.constantFrom("x".repeat(100), "x".repeat(101), "a:b.c-d_e", "a/b"),
  fc.constantFrom("equals", "includes", "not-includes", "regex", "length", "number", "json"),
  fc.constantFrom("accuracy", "mean", "precision", "recall", "custom", "judge"),
  fc.constantFrom(new Date(0), Object.create(null), { __proto__: null, a: 1 }),
  fc.array(fc.constantFrom("", "x", 1, "vars", "outputs"), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom("k", "text", "__proto__"), fc.constantFrom(1, "v", Infinity), {
    maxKeys: 2,
  }),
);

/** Changes up to a few keys of an object (or of one item of an array of objects). */
function edit(value: unknown, changes: Record<string, unknown>, at: number): unknown {
  if (Array.isArray(value)) {
    return value.map((item, i) => (i === at % value.length ? edit(item, changes, at) : item));
  }
  const edited: Record<string, unknown> = { ...(value as Record<string, unknown>), ...changes };
  for (const [key, v] of Object.entries(changes)) if (v === undefined) delete edited[key];
  return edited;
}

const SETTING_KEYS = ["timeout_ms", "concurrency", "retries", "backoff_ms", "repeats"];

/** The keys of the object `edit` changes: the value, or its item `at`. */
const keysOf = (value: unknown, at: number): string[] =>
  Object.keys(Array.isArray(value) ? value[at % value.length] : value as object);

/** The suite with one of its parts (or the whole) edited. */
const edited = fc.record({
  part: fc.constantFrom(
    "",
    "target",
    "assertions",
    "aggregates",
    "cases",
    "gate",
    "report",
  ),
  at: fc.nat(10),
  key: fc.oneof(
    fc.constantFrom("kind", "name", "extra", "value", "primary", "flags", "trim", "field"),
    fc.string(),
  ),
  values: fc.array(anyValue, { minLength: 1, maxLength: 3 }),
  pick: fc.array(fc.nat(20), { minLength: 3, maxLength: 3 }),
}).map(({ part, at, key, values, pick }) => {
  const target = part === "" ? suite : (suite as Record<string, unknown>)[part];
  const known = [...keysOf(target, at), ...SETTING_KEYS, key, "command"];
  const changes: Record<string, unknown> = {};
  values.forEach((value, i) => {
    changes[known[pick[i] % known.length]] = value;
  });
  const changed = edit(target, changes, at);
  return part === "" ? changed : { ...suite, [part]: changed };
});

Deno.test("the plain TOML suite check takes the suite run writes in the bench, as the schema reads it", () => {
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
  const plain = plainTomlSuite(raw);
  ok(plain !== null);
  assertEquals(plain, TomlSuiteSchema.parse(raw));
  ok(plainTomlSuite(suite) !== null, "the suite of every plain part is not plain");
});

Deno.test("the plain TOML suite check accepts nothing the schema refuses, and returns what it returns", () => {
  let plain = 0;
  fc.assert(
    fc.property(edited, (value) => {
      const checked = plainTomlSuite(value);
      if (checked === null) return;
      plain++;
      const parsed = TomlSuiteSchema.safeParse(value);
      ok(parsed.success, JSON.stringify(value));
      // Key order too: the suite's definitions are hashed and written as they come.
      assertEquals(checked, parsed.data);
      assertEquals(checked, parsed.data);
    }),
    { numRuns: 20000 },
  );
  ok(plain > 1000, `only ${plain} of the suites were plain: the test would prove little`);
});

Deno.test("a command target is taken by hand as the schema takes it", () => {
  const command = { ...suite, target: { command: ["python3", "a.py"], cwd: "sub", repeats: 3 } };
  const checked = plainTomlSuite(command);
  ok(checked !== null);
  assertEquals(checked, TomlSuiteSchema.parse(command));
});

Deno.test("the plain TOML suite check knows every key the suite schema takes at its top", () => {
  const sorted = (keys: readonly string[]) => [...keys].sort();
  assertEquals(sorted(PLAIN_SUITE_KEYS), sorted(Object.keys(TomlSuiteSchema.shape)));
});
