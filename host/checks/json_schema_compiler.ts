import type { CompileJsonSchema } from "../../core/suite/assertions/json_schema.ts";
import { hasJsonSchema } from "../../core/suite/assertions/json_schema.ts";

/**
 * The JSON Schema compiler when one of these check definitions carries a schema, and undefined
 * otherwise: ajv is imported only then, since loading it costs a process about 16 MB of memory
 * and 130 ms of CPU (ADR 0057).
 */
export async function schemaCompilerFor(
  definitions: Iterable<unknown>,
): Promise<CompileJsonSchema | undefined> {
  for (const definition of definitions) {
    if (!hasJsonSchema(definition)) continue;
    const { compileJsonSchema } = await import("../../core/suite/assertions/ajv_schema.ts");
    return compileJsonSchema;
  }
  return undefined;
}
