import type { Assertion } from "./assertion.ts";
import { builtinAssertion } from "./builtin.ts";
import { type BuiltinAssertionInput, BuiltinAssertionSchema } from "./definition.ts";
import { AssertionShapeError } from "../../errors.ts";
import { compileJsonSchema } from "./ajv_schema.ts";
import { compileOrExplain } from "./json_schema.ts";
import type {
  EqualsOptions,
  IncludesOptions,
  JsonOptions,
  JudgeOptions,
  LengthOptions,
  NumberOptions,
  RegexOptions,
} from "./options.ts";

function make(input: BuiltinAssertionInput): Assertion {
  const parsed = BuiltinAssertionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(input, { path: issue.path, message: issue.message });
  }
  const definition = parsed.data;
  if (definition.kind === "json" && definition.schema !== undefined) {
    const compiled = compileOrExplain(definition.schema, compileJsonSchema);
    if ("problem" in compiled) {
      throw malformed(input, { path: ["schema"], message: compiled.problem });
    }
    return builtinAssertion(definition, { compileSchema: () => compiled.validator });
  }
  return builtinAssertion(definition);
}

function malformed(
  input: BuiltinAssertionInput,
  issue: { path: readonly PropertyKey[]; message: string },
): AssertionShapeError {
  const where = issue.path.length > 0 ? ` (${issue.path.map(String).join(".")})` : "";
  return new AssertionShapeError(
    `Assertion ${
      JSON.stringify(input?.name)
    } of kind "${input?.kind}" is malformed${where}: ${issue.message}`,
  );
}

/**
 * The output equals `value`, or the case's `expected`; optionally trimmed and case-blind.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { equals } from "../../../mod.ts";
 * const testCase = { id: "q", kind: "normal" as const, vars: {}, expected: "yes" };
 * const exact = equals({ name: "exact", trim: true, ignore_case: true });
 * const score = await exact.check({ output: " Yes\n", testCase });
 * assertEquals((score as { status: string }).status, "pass");
 * ```
 */
export function equals(options: EqualsOptions): Assertion {
  return make({ ...options, kind: "equals" });
}

/**
 * The output contains every given text; an empty output fails.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { includes } from "../../../mod.ts";
 * const testCase = { id: "q", kind: "normal" as const, vars: {}, expected: "yes" };
 * const both = includes({ name: "both-plans", value: ["Basic", "Pro"] });
 * const score = await both.check({ output: "Basic costs less than Pro", testCase });
 * assertEquals((score as { status: string }).status, "pass");
 * ```
 */
export function includes(options: IncludesOptions): Assertion {
  return make({ ...options, kind: "includes" });
}

/**
 * The output contains none of the given texts.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { notIncludes } from "../../../mod.ts";
 * const testCase = { id: "q", kind: "normal" as const, vars: {}, expected: "yes" };
 * const polite = notIncludes({ name: "no-blame", value: ["your fault"], ignore_case: true });
 * const score = await polite.check({ output: "It was YOUR FAULT.", testCase });
 * assertEquals((score as { status: string }).status, "fail");
 * ```
 */
export function notIncludes(options: IncludesOptions): Assertion {
  return make({ ...options, kind: "not-includes" });
}

/**
 * The output matches a regular expression.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { regex } from "../../../mod.ts";
 * const testCase = { id: "q", kind: "normal" as const, vars: {}, expected: "yes" };
 * const order = regex({ name: "order-number", pattern: "ORD-\\d{6}" });
 * const score = await order.check({ output: "Your order is ORD-123456.", testCase });
 * assertEquals((score as { status: string }).status, "pass");
 * ```
 */
export function regex(options: RegexOptions): Assertion {
  return make({ ...options, kind: "regex" });
}

/**
 * The output parses as JSON and, when a schema is given, matches it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { json } from "../../../mod.ts";
 * const testCase = { id: "q", kind: "normal" as const, vars: {}, expected: "yes" };
 * const reply = json({ name: "reply", schema: { type: "object", required: ["reply"] } });
 * const score = await reply.check({ output: '{"answer": 42}', testCase });
 * assertEquals((score as { status: string }).status, "fail");
 * ```
 */
export function json(options: JsonOptions): Assertion {
  return make({ ...options, kind: "json" });
}

/**
 * The output (or a field of its JSON) is a number within bounds.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { number } from "../../../mod.ts";
 * const testCase = { id: "q", kind: "normal" as const, vars: {}, expected: "yes" };
 * const price = number({ name: "price", field: "quote.total", min: 0, max: 500 });
 * const score = await price.check({ output: '{"quote": {"total": 129.5}}', testCase });
 * assertEquals((score as { status: string }).status, "pass");
 * ```
 */
export function number(options: NumberOptions): Assertion {
  return make({ ...options, kind: "number" });
}

/**
 * The output's length in characters is within bounds.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { length } from "../../../mod.ts";
 * const testCase = { id: "q", kind: "normal" as const, vars: {}, expected: "yes" };
 * const short = length({ name: "short", max: 10 });
 * const score = await short.check({ output: "far too long an answer", testCase });
 * assertEquals((score as { status: string }).status, "fail");
 * ```
 */
export function length(options: LengthOptions): Assertion {
  return make({ ...options, kind: "length" });
}

/**
 * An LLM judge: a model grades the output against `rubric` and answers pass or fail, with an
 * optional score and reason; an answer that does not parse is an errored verdict. The host
 * asks the model during `digline run`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { judge } from "../../../mod.ts";
 * const helpful = judge({
 *   name: "helpful",
 *   rubric: "The reply answers the question and offers a next step.",
 *   provider: "openai",
 *   model: "gpt-4o-mini",
 *   api_key_env: "OPENAI_API_KEY",
 * });
 * assertEquals(helpful.kind, "judge");
 * ```
 */
export function judge(options: JudgeOptions): Assertion {
  return make({ ...options, kind: "judge" });
}
