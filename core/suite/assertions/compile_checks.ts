import { Ajv } from "ajv";
import type { z } from "zod";

/**
 * A regex pattern is compiled when the suite loads, so a pattern that can not compile is refused
 * at its key instead of failing every case at run time.
 */
export function checkPattern(
  definition: { pattern: string; flags: string },
  ctx: z.RefinementCtx,
): void {
  try {
    new RegExp(definition.pattern, definition.flags);
  } catch (error) {
    ctx.addIssue({
      code: "custom",
      path: ["pattern"],
      message: `${
        (error as Error).message.replace(
          /^Invalid regular expression: /,
          "not a valid regular " +
            "expression: ",
        )
      }; fix the pattern`,
    });
  }
}

/** A JSON Schema is compiled when the suite loads, for the same reason as a regex. */
export function checkSchema(
  definition: { schema?: Record<string, unknown> },
  ctx: z.RefinementCtx,
): void {
  if (definition.schema === undefined) return;
  try {
    new Ajv({ allErrors: false, strict: false }).compile(definition.schema);
  } catch (error) {
    ctx.addIssue({
      code: "custom",
      path: ["schema"],
      message: `not a valid JSON Schema: ${
        (error as Error).message.split("\n")[0]
      }; fix the schema (https://json-schema.org)`,
    });
  }
}
