import { z } from "zod";
import { JsonValueSchema } from "../../json.ts";
import { checkConnection, ModelConnectionShape } from "../../model/connection_shape.ts";
import { checkJudgePrompt, JudgeShape } from "../../model/judge_shape.ts";
import { ReduceShape } from "../../model/reduce.ts";
import { checkPattern } from "./compile_checks.ts";

const name = z.string().min(1).max(100).regex(
  /^[A-Za-z0-9_.:-]+$/,
  "an assertion name may use letters, digits and _ . : - only",
);
// reduce and min_pass_rate have no default, so a check that does not name them keeps its id.
const base = { name, description: z.string().optional(), ...ReduceShape };
/** A `{{name}}` placeholder: a check's value is literal, so one would be compared as written. */
const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/;
const PLACEHOLDER_MESSAGE =
  "a check's value is compared as written, so {{...}} is never filled in: leave value out of an " +
  "equals check to compare with each case's expected, or write the text itself (a regex check " +
  "with \\{\\{ matches literal braces)";
// Each refinement is restated in .meta() for the generated validator (ADR 0077).
const literalText = z.string().min(1).refine(
  (text) => !PLACEHOLDER.test(text),
  PLACEHOLDER_MESSAGE,
).meta({ not: { pattern: PLACEHOLDER.source } });
const textOrList = z.union([literalText, z.array(literalText).min(1)]);

/** The built-in assertion kinds, as the TOML form and `mod.ts` declare them. */
export const BuiltinAssertionSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    ...base,
    kind: z.literal("equals"),
    /** Compared with the output; the case's `expected` when absent. */
    value: JsonValueSchema.refine(
      (value) => typeof value !== "string" || !PLACEHOLDER.test(value),
      PLACEHOLDER_MESSAGE,
    ).meta({ not: { type: "string", pattern: PLACEHOLDER.source } }).optional(),
    trim: z.boolean().default(false),
    ignore_case: z.boolean().default(false),
  }),
  z.strictObject({
    ...base,
    kind: z.literal("includes"),
    value: textOrList,
    ignore_case: z.boolean().default(false),
  }),
  z.strictObject({
    ...base,
    kind: z.literal("not-includes"),
    value: textOrList,
    ignore_case: z.boolean().default(false),
  }),
  z.strictObject({
    ...base,
    kind: z.literal("regex"),
    pattern: z.string().min(1),
    flags: z.string().regex(/^[imsu]*$/, "regex flags may be i, m, s and u").default(""),
  }).superRefine(checkPattern).meta({ regexCompiles: true }),
  z.strictObject({
    ...base,
    kind: z.literal("json"),
    // Compiled by whoever builds the check (compileOrExplain), so the schema compiler loads
    // only where a schema is written.
    schema: z.record(z.string(), JsonValueSchema).optional(),
  }),
  z.strictObject({
    ...base,
    kind: z.literal("number"),
    /** A dot path into a JSON output; the whole output when absent. */
    field: z.string().min(1).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  }),
  z.strictObject({
    ...base,
    kind: z.literal("length"),
    min: z.number().int().nonnegative().optional(),
    max: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({
    ...base,
    kind: z.literal("judge"),
    ...JudgeShape,
    ...ModelConnectionShape,
  }).superRefine((judge, ctx) => {
    checkConnection(judge, ctx);
    checkJudgePrompt(judge.prompt, ctx);
  }),
]);

/** A built-in assertion's definition. */
export type BuiltinAssertion = z.infer<typeof BuiltinAssertionSchema>;
/** A judge's definition: an LLM asked to grade the output against a rubric. */
export type JudgeDefinition = Extract<BuiltinAssertion, { kind: "judge" }>;
/** A built-in assertion's definition as written, before defaults. */
export type BuiltinAssertionInput = z.input<typeof BuiltinAssertionSchema>;
/** The names of the built-in kinds. */
export const BUILTIN_KINDS = BuiltinAssertionSchema.options.map((o) => o.shape.kind.value);
export { name as AssertionNameSchema };
