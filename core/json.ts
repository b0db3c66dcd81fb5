import { z } from "zod";

/** A JSON value: what a case's vars, expected values and a custom assertion's params may hold. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** Validates any JSON value (finite numbers only). */
export const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number().refine(Number.isFinite, "must be a finite number"),
    z.boolean(),
    z.null(),
    z.array(JsonValueSchema),
    z.record(z.string(), JsonValueSchema),
  ])
);

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };
