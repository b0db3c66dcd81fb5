import { z } from "zod";
import {
  EnvNamesSchema,
  type RunSettings,
  RunSettingsSchema,
  type TargetFunction,
  type TargetTable,
  TargetTableSchema,
} from "../../core/suite/target_spec.ts";

/** A target as validated, before paths are resolved against the suite's folder. */
export type ParsedTarget =
  | { form: "table"; table: TargetTable }
  | {
    form: "function";
    fn: TargetFunction;
    name: string;
    settings: RunSettings;
    env?: string[];
  };

const SETTING_KEYS = Object.keys(RunSettingsSchema.shape);

/** Each kind of target table, and the key that says a table is of that kind. */
const TARGET_KINDS = TargetTableSchema.options.map((schema) => {
  const shape = schema.shape as Record<string, z.ZodType>;
  const required = Object.keys(shape).filter((key) =>
    !SETTING_KEYS.includes(key) && !shape[key].safeParse(undefined).success
  );
  return { schema, kindKey: required[0], keys: Object.keys(shape) };
});

/** Every key a target table may hold, whatever its kind. */
export const TARGET_KEYS: readonly string[] = [...new Set(TARGET_KINDS.flatMap((k) => k.keys))];

const KIND_NAMES = TARGET_KINDS.map((k) => k.kindKey).join(", ").replace(/, ([^,]*)$/, " or $1");

/**
 * A TOML suite's `[target]`: a table of one kind, as TargetTableSchema reads it. Its problems are
 * worded for the one kind it names first; checking it against the whole union would answer a
 * typo with "needs exactly one of ..." instead of naming the key that is wrong.
 */
export const TomlTargetSchema = z.unknown().superRefine(targetTableIssues).pipe(TargetTableSchema);

function targetTableIssues(value: unknown, ctx: z.RefinementCtx): void {
  if (value === undefined) {
    ctx.addIssue({
      code: "custom",
      message: `required table is missing: add a [target] table with ${KIND_NAMES}`,
    });
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: `the target is a table with ${KIND_NAMES}` });
    return;
  }
  const named = TARGET_KINDS.filter((kind) => kind.kindKey in value);
  if (named.length === 1) {
    const parsed = named[0].schema.safeParse(value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue(issue as z.core.$ZodRawIssue);
    return;
  }
  if (named.length > 1) {
    ctx.addIssue({
      code: "custom",
      path: [named[1].kindKey],
      message: `a target has exactly one of ${KIND_NAMES}; this one also has "${named[0].kindKey}"`,
    });
    return;
  }
  const unknown = Object.keys(value).filter((key) => !TARGET_KEYS.includes(key));
  if (unknown.length > 0) {
    ctx.addIssue({
      code: "unrecognized_keys",
      keys: unknown,
      input: value as Record<string, unknown>,
    });
  } else {
    ctx.addIssue({ code: "custom", message: `the target needs one of ${KIND_NAMES}` });
  }
}

const FunctionTargetSchema = z.strictObject({
  ...RunSettingsSchema.shape,
  fn: z.custom<TargetFunction>((v) => typeof v === "function", "fn must be a function"),
  name: z.string().min(1).optional(),
  env: EnvNamesSchema.optional(),
});

/**
 * Validates a target in the code form: a function, `{ fn, name?, ...settings }`, or a table
 * like the TOML one.
 */
export function parseCodeTarget(value: unknown, ctx: z.RefinementCtx): ParsedTarget {
  if (value === undefined) {
    ctx.addIssue({
      code: "custom",
      message: `required key is missing (a function, or a table with ${KIND_NAMES})`,
    });
    return z.NEVER;
  }
  if (typeof value === "function") {
    return {
      form: "function",
      fn: value as TargetFunction,
      name: value.name || "function",
      settings: RunSettingsSchema.parse({}),
    };
  }
  if (typeof value === "object" && value !== null && "fn" in value) {
    const parsed = FunctionTargetSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue(issue as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    const { fn, name, env, ...settings } = parsed.data;
    return {
      form: "function",
      fn,
      name: name ?? (fn.name || "function"),
      settings,
      ...(env === undefined ? {} : { env }),
    };
  }
  const table = TomlTargetSchema.safeParse(value);
  if (table.success) return { form: "table", table: table.data };
  for (const issue of table.error.issues) ctx.addIssue(issue as z.core.$ZodRawIssue);
  return z.NEVER;
}
