/** Where an output first departs from a JSON Schema, as ajv words it. */
export interface SchemaMismatch {
  /** A JSON Pointer into the output; empty at its root. */
  instancePath: string;
  message: string;
}

/** Checks one parsed output against a compiled JSON Schema: undefined when it matches. */
export type SchemaValidator = (value: unknown) => SchemaMismatch | undefined;

/**
 * Compiles a JSON Schema, throwing when it is not one. It is handed in rather than imported so a
 * suite without a schema never loads the compiler (ajv costs every process that loads it about
 * 16 MB and 130 ms): the host loads it only for a suite or run that holds a `json` schema.
 */
export type CompileJsonSchema = (schema: Record<string, unknown>) => SchemaValidator;

/** Whether a check's definition, as written or as a run records it, carries a JSON Schema. */
export function hasJsonSchema(definition: unknown): boolean {
  if (typeof definition !== "object" || definition === null) return false;
  const d = definition as Record<string, unknown>;
  return d.kind === "json" && d.schema !== undefined;
}

/**
 * The sentence a suite author reads for a schema that does not compile, or undefined when it
 * compiles; the validator is kept so the check does not compile it twice.
 */
export function compileOrExplain(
  schema: Record<string, unknown>,
  compile: CompileJsonSchema,
): { validator: SchemaValidator } | { problem: string } {
  try {
    return { validator: compile(schema) };
  } catch (error) {
    return {
      problem: `not a valid JSON Schema: ${
        (error as Error).message.split("\n")[0]
      }; fix the schema (https://json-schema.org)`,
    };
  }
}
