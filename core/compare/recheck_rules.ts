import type { Assertion } from "../suite/assertions/assertion.ts";
import { builtinAssertion } from "../suite/assertions/builtin.ts";
import { BuiltinAssertionSchema } from "../suite/assertions/definition.ts";
import { type CompileJsonSchema, compileOrExplain } from "../suite/assertions/json_schema.ts";

import type { RecordedAssertion } from "../run/recorded_assertions.ts";

/**
 * The check a recorded definition describes, when it can be re-applied to a stored output with
 * no call and no code beyond digline's own: every built-in kind but `judge`. A judge asks a
 * model and a custom check's code is not in the document, so neither comes back; nor does a
 * definition whose digest is not the recorded id (it would be another check), nor a schema that
 * does not compile. A `json` check with a schema needs `compileSchema`.
 */
export function recheckableCheck(
  recorded: RecordedAssertion,
  compileSchema?: CompileJsonSchema,
): Assertion | undefined {
  if (recorded.definition === undefined || recorded.kind === "judge") return undefined;
  const parsed = BuiltinAssertionSchema.safeParse(recorded.definition);
  if (!parsed.success || parsed.data.kind === "judge") return undefined;
  const definition = parsed.data;
  if (definition.kind === "json" && definition.schema !== undefined) {
    if (compileSchema === undefined) {
      throw new Error("a recorded json check with a schema was re-checked without a compiler");
    }
    const compiled = compileOrExplain(definition.schema, compileSchema);
    if ("problem" in compiled) return undefined;
    const check = builtinAssertion(definition, { compileSchema: () => compiled.validator });
    return check.id === recorded.id ? check : undefined;
  }
  const check = builtinAssertion(definition);
  return check.id === recorded.id ? check : undefined;
}
