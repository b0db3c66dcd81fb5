import type { Assertion } from "./assertion.ts";
import { builtinAssertion } from "./builtin.ts";
import { type BuiltinAssertionInput, BuiltinAssertionSchema } from "./definition.ts";
import { AssertionShapeError } from "../../errors.ts";

type Without<K extends BuiltinAssertionInput["kind"]> = Omit<
  Extract<BuiltinAssertionInput, { kind: K }>,
  "kind"
>;

function make(input: BuiltinAssertionInput): Assertion {
  const parsed = BuiltinAssertionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? ` (${issue.path.join(".")})` : "";
    throw new AssertionShapeError(
      `Assertion ${
        JSON.stringify(input?.name)
      } of kind "${input?.kind}" is malformed${where}: ${issue.message}`,
    );
  }
  return builtinAssertion(parsed.data);
}

/** The output equals `value`, or the case's `expected`; optionally trimmed and case-blind. */
export function equals(options: Without<"equals">): Assertion {
  return make({ ...options, kind: "equals" });
}

/** The output contains every given text; an empty output fails. */
export function includes(options: Without<"includes">): Assertion {
  return make({ ...options, kind: "includes" });
}

/** The output contains none of the given texts. */
export function notIncludes(options: Without<"not-includes">): Assertion {
  return make({ ...options, kind: "not-includes" });
}

/** The output matches a regular expression. */
export function regex(options: Without<"regex">): Assertion {
  return make({ ...options, kind: "regex" });
}

/** The output parses as JSON and, when a schema is given, matches it. */
export function json(options: Without<"json">): Assertion {
  return make({ ...options, kind: "json" });
}

/** The output (or a field of its JSON) is a number within bounds. */
export function number(options: Without<"number">): Assertion {
  return make({ ...options, kind: "number" });
}

/** The output's length in characters is within bounds. */
export function length(options: Without<"length">): Assertion {
  return make({ ...options, kind: "length" });
}

/**
 * An LLM judge: a model grades the output against `rubric` and answers pass or fail, with an
 * optional score and reason; an answer that does not parse is an errored verdict. The host
 * asks the model during `digline run`.
 */
export function judge(options: Without<"judge">): Assertion {
  return make({ ...options, kind: "judge" });
}
