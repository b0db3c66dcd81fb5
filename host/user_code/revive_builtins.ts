import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { builtinAssertion } from "../../core/suite/assertions/builtin.ts";
import { BuiltinAssertionSchema } from "../../core/suite/assertions/definition.ts";
import { compileOrExplain } from "../../core/suite/assertions/json_schema.ts";

/**
 * A code-form suite's built-in checks come back from its Worker with stand-ins for their check
 * functions (ADR 0083): each is built again here from its definition, which is all a built-in
 * is. Custom checks keep their stand-ins (they run in the sandbox), and so do judges (the host
 * binds them to a model).
 */
export async function withBuiltinChecks(assertions: readonly Assertion[]): Promise<Assertion[]> {
  const out: Assertion[] = [];
  for (const assertion of assertions) out.push(await withBuiltinCheck(assertion));
  return out;
}

async function withBuiltinCheck(assertion: Assertion): Promise<Assertion> {
  if (assertion.kind === "custom" || assertion.kind === "judge") return assertion;
  const parsed = BuiltinAssertionSchema.safeParse(assertion.definition);
  if (!parsed.success || parsed.data.kind === "judge") return assertion;
  const definition = parsed.data;
  let rebuilt: Assertion;
  if (definition.kind === "json" && definition.schema !== undefined) {
    // The schema compiler is loaded only for a json check with a schema (ADR 0057).
    const { compileJsonSchema } = await import("../../core/suite/assertions/ajv_schema.ts");
    const compiled = compileOrExplain(definition.schema, compileJsonSchema);
    if ("problem" in compiled) return assertion;
    rebuilt = builtinAssertion(definition, { compileSchema: () => compiled.validator });
  } else {
    rebuilt = builtinAssertion(definition);
  }
  return { ...assertion, check: rebuilt.check };
}
