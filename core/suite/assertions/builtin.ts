import { shortDigest } from "../../digest.ts";
import type { JsonValue } from "../../json.ts";
import type { Score } from "../../verdict.ts";
import type { Assertion, CheckInput } from "./assertion.ts";
import type { BuiltinAssertion, JudgeDefinition } from "./definition.ts";
import { judgeIdentity } from "../../model/judge.ts";
import type { CompileJsonSchema, SchemaValidator } from "./json_schema.ts";

type Check = (input: CheckInput) => Score;

/** What building a check may need beyond its definition. */
export interface BuiltinOptions {
  /** Compiles a `json` check's schema; required for a definition that has one. */
  compileSchema?: CompileJsonSchema;
}

/**
 * Turns a validated built-in definition into a runnable assertion whose id is the digest of the
 * definition (with its defaults filled in, so writing a default out does not move the id).
 */
export function builtinAssertion(
  definition: BuiltinAssertion,
  options: BuiltinOptions = {},
): Assertion {
  if (definition.kind === "judge") return judgeShell(definition);
  const { description: _description, ...identity } = definition;
  const canonical = JSON.parse(JSON.stringify(identity)) as JsonValue;
  return {
    id: shortDigest(canonical),
    name: definition.name,
    kind: definition.kind,
    definition: canonical,
    check: makeCheck(definition, options),
  };
}

/** A judge as core builds it: its identity and settings, and a check the host replaces. */
export interface JudgeAssertion extends Assertion {
  readonly kind: "judge";
  /** Everything needed to ask the judge model, the key's variable name included (never the key). */
  readonly judge: JudgeDefinition;
}

/** Whether an assertion is a judge, whose check the host must bind to a model client. */
export function isJudgeAssertion(assertion: Assertion): assertion is JudgeAssertion {
  return assertion.kind === "judge" && "judge" in assertion;
}

// Calling a model is I/O, which core does not do: until the host binds a client, the judge
// answers with an error rather than a verdict it could not have reached.
function judgeShell(definition: JudgeDefinition): JudgeAssertion {
  const canonical = judgeIdentity(definition);
  return {
    id: shortDigest(canonical),
    name: definition.name,
    kind: "judge",
    definition: canonical,
    judge: definition,
    check: () =>
      error(`judge "${definition.name}" has no model client here; judges are asked by digline run`),
  };
}

function makeCheck(
  d: Exclude<BuiltinAssertion, JudgeDefinition>,
  options: BuiltinOptions,
): Check {
  switch (d.kind) {
    case "equals":
      return ({ output, testCase }) => {
        const wanted = d.value ?? testCase.expected;
        if (wanted === undefined) {
          return error("equals needs a value or the case's expected; this case has neither");
        }
        const norm = (s: string) => {
          const t = d.trim ? s.trim() : s;
          return d.ignore_case ? t.toLowerCase() : t;
        };
        const expectedText = typeof wanted === "string" ? wanted : JSON.stringify(wanted);
        return norm(output) === norm(expectedText)
          ? pass()
          : fail(`expected ${quote(expectedText)}, got ${quote(output)}`);
      };
    case "includes":
      return ({ output }) => {
        if (output.length === 0) return fail("the output is empty");
        const missing = needles(d.value).filter((n) => !contains(output, n, d.ignore_case));
        return missing.length === 0 ? pass() : fail(`missing ${missing.map(quote).join(", ")}`);
      };
    case "not-includes":
      return ({ output }) => {
        const found = needles(d.value).filter((n) => contains(output, n, d.ignore_case));
        return found.length === 0 ? pass() : fail(`contains ${found.map(quote).join(", ")}`);
      };
    case "regex": {
      const pattern = new RegExp(d.pattern, d.flags);
      return ({ output }) =>
        pattern.test(output) ? pass() : fail(`does not match /${d.pattern}/${d.flags}`);
    }
    case "json": {
      const validate = d.schema === undefined ? undefined : schemaValidator(d.schema, options);
      return ({ output }) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(output);
        } catch (e) {
          return fail(`not JSON: ${(e as Error).message}`);
        }
        const mismatch = validate?.(parsed);
        if (mismatch === undefined) return pass();
        return fail(
          `does not match the schema: ${mismatch.instancePath || "/"} ${mismatch.message}`,
        );
      };
    }
    case "number":
      return ({ output }) => {
        const value = readNumber(output, d.field);
        if (typeof value === "string") return fail(value);
        if (d.min !== undefined && value < d.min) {
          return { status: "fail", score: value, reason: `${value} is below ${d.min}` };
        }
        if (d.max !== undefined && value > d.max) {
          return { status: "fail", score: value, reason: `${value} is above ${d.max}` };
        }
        return { status: "pass", score: value };
      };
    case "length":
      return ({ output }) => {
        const n = [...output].length;
        if (d.min !== undefined && n < d.min) {
          return { status: "fail", score: n, reason: `${n} characters, fewer than ${d.min}` };
        }
        if (d.max !== undefined && n > d.max) {
          return { status: "fail", score: n, reason: `${n} characters, more than ${d.max}` };
        }
        return { status: "pass", score: n };
      };
  }
}

function schemaValidator(
  schema: Record<string, unknown>,
  options: BuiltinOptions,
): SchemaValidator {
  if (options.compileSchema === undefined) {
    throw new Error("a json check with a schema was built without a schema compiler");
  }
  return options.compileSchema(schema);
}

function readNumber(output: string, field: string | undefined): number | string {
  let value: unknown = output.trim();
  if (field !== undefined) {
    try {
      value = JSON.parse(output);
    } catch {
      return `the output is not JSON, so field ${quote(field)} can not be read`;
    }
    for (const key of field.split(".")) {
      if (value === null || typeof value !== "object" || !(key in value)) {
        return `the output has no field ${quote(field)}`;
      }
      value = (value as Record<string, unknown>)[key];
    }
  }
  const n = typeof value === "number"
    ? value
    : typeof value === "string" && value !== ""
    ? Number(value)
    : NaN;
  return Number.isFinite(n) ? n : `${quote(String(value))} is not a number`;
}

function needles(value: string | string[]): string[] {
  return Array.isArray(value) ? value : [value];
}

function contains(haystack: string, needle: string, ignoreCase: boolean): boolean {
  return ignoreCase
    ? haystack.toLowerCase().includes(needle.toLowerCase())
    : haystack.includes(needle);
}

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

function pass(): Score {
  return { status: "pass" };
}

function fail(reason: string): Score {
  return { status: "fail", reason };
}

function error(reason: string): Score {
  return { status: "error", reason };
}
