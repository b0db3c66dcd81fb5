import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import type { z } from "zod";
import * as generated from "../../core/generated/validators.js";
import { VALIDATED_SHAPES } from "../../tools/validated_shapes.ts";
import {
  SCHEMA_FACT_TYPES_PATH,
  SCHEMA_FACTS_PATH,
  schemaFactsSource,
  VALIDATOR_TYPES_PATH,
  VALIDATORS_PATH,
  validatorsSource,
} from "../../tools/generate_validators.ts";
import { SHAPE_SEEDS } from "./_shape_seeds.ts";

Deno.test("the checked-in validators are what the schemas generate today", () => {
  const read = (path: string) => Deno.readTextFileSync(new URL(`../../${path}`, import.meta.url));
  const { code, types } = validatorsSource();
  const stale = "is stale: run `deno task generate:validators`";
  ok(read(VALIDATORS_PATH) === code, `${VALIDATORS_PATH} ${stale}`);
  ok(read(VALIDATOR_TYPES_PATH) === types, `${VALIDATOR_TYPES_PATH} ${stale}`);
});

Deno.test("the checked-in key lists and defaults are what the schemas give today", () => {
  const read = (path: string) => Deno.readTextFileSync(new URL(`../../${path}`, import.meta.url));
  const { code, types } = schemaFactsSource();
  const stale = "is stale: run `deno task generate:validators`";
  ok(read(SCHEMA_FACTS_PATH) === code, `${SCHEMA_FACTS_PATH} ${stale}`);
  ok(read(SCHEMA_FACT_TYPES_PATH) === types, `${SCHEMA_FACT_TYPES_PATH} ${stale}`);
});

/** The text of the generated function that `exported` names (`validateRunDocument`, ...). */
function functionText(code: string, exported: string): string {
  const inner = new RegExp(`export const ${exported} = (validate\\d+);`).exec(code)?.[1];
  ok(inner !== undefined, `no export ${exported}`);
  const start = code.indexOf(`function ${inner}(`);
  const next = code.indexOf("function validate", start + 1);
  return code.slice(start, next === -1 ? undefined : next);
}

Deno.test("a run document's cases and their verdicts are each checked by a function of their own, handed no error context", () => {
  const { code } = validatorsSource();
  // A case's and a verdict's checks written inline made the run's validator one function of
  // thousands of lines that V8 never optimised within a read; each its own function is.
  const run = functionText(code, "validateRunDocument");
  ok(!run.includes('"/verdicts/"'), "the run's validator checks each verdict inline");
  ok(!run.includes('"/case_id"'), "the run's validator checks each case inline");
  ok(
    /for\(let (i\d+)=0; \1<len\d+; \1\+\+\)\{const _errs\d+ = errors;if\(!\(validate\d+\(data\d+\[\1\]\)\)\)/
      .test(run),
    "the run's validator calls no function per case",
  );
  // The path ajv builds for its error list, which no reader reads, is built for no call.
  ok(!/\(validate\d+\([^()]*, \{instancePath:/.test(code), "a validator is handed a path");
  ok(!/parentData|rootData/.test(code), "a validator reads its parent or root value");
});

/** Values a mutation puts in a document: near misses of every rule the shapes hold. */
const NEAR_MISSES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -1,
  1,
  1.5,
  2,
  3,
  20,
  21,
  100,
  101,
  0.2,
  0.5,
  0.99,
  2 ** 53,
  1e21,
  NaN,
  Infinity,
  "",
  " ",
  "x",
  "a b",
  "3",
  "x".repeat(64),
  "x".repeat(65),
  "x".repeat(201),
  "pass",
  "PASS",
  "error",
  "normal",
  "canary",
  "calibration",
  "suspended",
  "mean",
  "precision",
  "recall",
  "accuracy",
  "group",
  "judge",
  "target",
  "outputs",
  "0123456789abcdef",
  "0123456789ABCDEF",
  "0123456789abcde",
  "20260101-000000-000-000000",
  "20260101-000000-000-00000g",
  "2026-01-01T00:00:00.000Z",
  "2026-01-01T00:00:00Z",
  "2026-02-29T00:00:00.000Z",
  "2028-02-29T00:00:00.000Z",
  "2026-01-01T24:00:00.000Z",
  "2026-01-01T00:00:00.000+01:00",
  [],
  ["x"],
  [1, "a", null],
  {},
  { k: "v" },
  { index: 1, count: 2, cases: [] },
];

type Mutation = { at: number; op: "delete" | "set" | "add"; value: number; key: number };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom("delete", "set", "set", "add"),
  value: fc.nat(),
  key: fc.nat(),
});

/** Every object and array in a value, the value itself first. */
function containers(value: unknown, into: (Record<string, unknown> | unknown[])[] = []) {
  if (typeof value !== "object" || value === null) return into;
  into.push(value as Record<string, unknown>);
  for (const item of Object.values(value)) containers(item, into);
  return into;
}

/** Every key and leaf a shape's seeds hold: a mutation moves them about. */
function partsOf(seeds: readonly unknown[]): { keys: string[]; leaves: unknown[] } {
  const keys = new Set<string>(["extra"]);
  const leaves: unknown[] = [];
  for (const seed of seeds) {
    for (const container of containers(seed)) {
      for (const [key, item] of Object.entries(container)) {
        if (!Array.isArray(container)) keys.add(key);
        if (typeof item !== "object" || item === null) leaves.push(item);
      }
    }
  }
  return { keys: [...keys], leaves };
}

function mutated(
  seed: unknown,
  mutations: readonly Mutation[],
  parts: { keys: string[]; leaves: unknown[] },
): unknown {
  const document = structuredClone(seed);
  const pool = [...NEAR_MISSES, ...parts.leaves];
  for (const { at, op, value, key } of mutations) {
    const places = containers(document);
    const place = places[at % places.length];
    const keys = Object.keys(place);
    const replacement = pool[value % pool.length];
    if (op === "add" || keys.length === 0) {
      if (Array.isArray(place)) place.push(structuredClone(place[0] ?? replacement));
      else place[parts.keys[key % parts.keys.length]] = structuredClone(replacement);
      continue;
    }
    const name = keys[key % keys.length];
    if (op === "delete") {
      if (Array.isArray(place)) place.splice(Number(name), 1);
      else delete place[name];
    } else {
      (place as Record<string, unknown>)[name] = structuredClone(replacement);
    }
  }
  return document;
}

/** Whether `output` is `input` with at most keys added: what the schema's defaults do. */
function unchangedBeyondDefaults(input: unknown, output: unknown): boolean {
  if (Array.isArray(input)) {
    return Array.isArray(output) && input.length === output.length &&
      input.every((item, i) => unchangedBeyondDefaults(item, output[i]));
  }
  if (typeof input === "object" && input !== null) {
    if (typeof output !== "object" || output === null || Array.isArray(output)) return false;
    const out = output as Record<string, unknown>;
    return Object.entries(input).every(([key, item]) =>
      key in out && unchangedBeyondDefaults(item, out[key])
    );
  }
  return Object.is(input, output);
}

/**
 * The property every generated validator keeps with its schema: it accepts a document exactly
 * when the schema accepts it and returns it unchanged (defaults aside, which both fill in);
 * a document a transform changes (a number as a case id) is left to the schema.
 */
function holdsToSchema(
  name: string,
  options: { validate: (value: unknown) => boolean; schema: z.ZodType; document: unknown },
): void {
  const { validate, schema, document } = options;
  const read = structuredClone(document);
  const accepted = validate(read);
  const parsed = schema.safeParse(structuredClone(document));
  const shown = () => JSON.stringify(document);
  if (accepted) {
    ok(parsed.success, `${name}: the validator accepts what the schema refuses: ${shown()}`);
    assertEquals(read, parsed.data, `${name}: the validator reads ${shown()} otherwise`);
  } else if (parsed.success) {
    ok(
      !unchangedBeyondDefaults(document, parsed.data),
      `${name}: the validator refuses what the schema accepts unchanged: ${shown()}`,
    );
  }
  if (parsed.success) {
    ok(
      validate(structuredClone(parsed.data)),
      `${name}: the validator refuses what the schema returns for ${shown()}`,
    );
  }
}

Deno.test("every generated validator accepts and refuses as its schema does, for valid and mutated documents", () => {
  for (const [name, schema] of Object.entries(VALIDATED_SHAPES)) {
    const validate = (generated as Record<string, unknown>)[`validate${name}`];
    ok(typeof validate === "function", `no validator generated for ${name}`);
    const seeds = SHAPE_SEEDS[name];
    ok(seeds !== undefined && seeds.length > 0, `no seed documents for ${name} in _shape_seeds.ts`);
    for (const seed of seeds) {
      ok(schema.safeParse(structuredClone(seed)).success, `${name}: a seed is not valid`);
      ok((validate as (v: unknown) => boolean)(structuredClone(seed)), `${name}: seed refused`);
    }
    const parts = partsOf(seeds);
    fc.assert(
      fc.property(
        fc.nat({ max: seeds.length - 1 }),
        fc.array(mutation, { minLength: 0, maxLength: 3 }),
        (at, mutations) => {
          holdsToSchema(name, {
            validate: validate as (v: unknown) => boolean,
            schema,
            document: mutated(seeds[at], mutations, parts),
          });
        },
      ),
      { numRuns: 4000 },
    );
  }
});
