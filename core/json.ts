import { z } from "zod";

/**
 * A JSON value: what a case's vars, expected values and a custom assertion's params may hold.
 *
 * @example
 * ```ts
 * import type { JsonValue } from "../mod.ts";
 * const expected: JsonValue = { plan: "Pro", seats: 3, annual: true, addons: [] };
 * ```
 */
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
    // The refinement is restated for the generated validators by ajv's strictNumbers (ADR 0077).
    z.number().refine(Number.isFinite, "must be a finite number").meta({
      description: "a finite number",
    }),
    z.boolean(),
    z.null(),
    z.array(JsonValueSchema),
    z.record(z.string(), JsonValueSchema),
  ])
);

/**
 * A JSON object: a case's vars, as a target is handed them.
 *
 * @example
 * ```ts
 * import type { JsonObject, TargetFunction } from "../mod.ts";
 * const vars: JsonObject = { name: "Ada" };
 * const greet: TargetFunction = (v) => `Hello, ${String(v.name)}!`;
 * await greet(vars, { signal: new AbortController().signal });
 * ```
 */
export type JsonObject = { [key: string]: JsonValue };
