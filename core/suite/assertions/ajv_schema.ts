import { Ajv } from "ajv";
import type { CompileJsonSchema } from "./json_schema.ts";

/**
 * digline's JSON Schema compiler. Only what needs it imports this file: the `json()` constructor
 * of the library (mod.ts), and the host, lazily, for a suite or run that holds a schema.
 */
export const compileJsonSchema: CompileJsonSchema = (schema) => {
  const validate = new Ajv({ allErrors: false, strict: false }).compile(schema);
  return (value) => {
    if (validate(value)) return undefined;
    const first = validate.errors?.[0];
    return { instancePath: first?.instancePath ?? "", message: String(first?.message) };
  };
};
