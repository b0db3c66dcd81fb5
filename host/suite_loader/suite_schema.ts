import { z } from "zod";
import { AggregateSpecSchema } from "../../core/suite/aggregate_spec.ts";
import { BUILTIN_KINDS, BuiltinAssertionSchema } from "../../core/suite/assertions/definition.ts";
import { CaseSchema } from "../../core/suite/case.ts";
import { GateSettingsSchema } from "../../core/suite/gate_settings.ts";
import { ReportSettingsSchema } from "../../core/suite/report_settings.ts";
import { SuiteNameSchema } from "../../core/suite/suite_name_schema.ts";
import type { KnownKeys } from "./describe_issue.ts";
import { parseCodeTarget, TARGET_KEYS, TomlTargetSchema } from "./target_schema.ts";

const KIND_LIST = BUILTIN_KINDS.join(", ");

/**
 * A TOML assertion table. The kind is checked first, so that "custom" is answered with where
 * custom assertions live instead of with the list of discriminator values.
 */
const TomlAssertionSchema = z.unknown().superRefine((value, ctx) => {
  const kind = isRecord(value) ? value.kind : undefined;
  if (kind === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["kind"],
      message: `required key is missing (one of ${KIND_LIST})`,
    });
  } else if (kind === "custom") {
    ctx.addIssue({
      code: "custom",
      path: ["kind"],
      message: "a custom assertion runs code, which a TOML suite can not hold: write the suite " +
        "as a .ts module (defineSuite with customAssertion) to use one",
    });
  } else if (typeof kind !== "string" || !(BUILTIN_KINDS as readonly string[]).includes(kind)) {
    ctx.addIssue({
      code: "custom",
      path: ["kind"],
      message: `unknown kind ${JSON.stringify(kind)}; the built-in kinds are ${KIND_LIST}, ` +
        "and custom checks need a suite written as a .ts module",
    });
  }
}).pipe(BuiltinAssertionSchema);

/** `cases_file`: one path or several, relative to the suite file. */
const CasesFileSchema = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/**
 * A TOML suite file as a whole; unknown keys are refused at every level. `run` reads it with the
 * validator generated from it (ADR 0077), so it returns what it is given, defaults aside: no
 * transform.
 */
export const TomlSuiteSchema = z.strictObject({
  name: SuiteNameSchema,
  description: z.string().optional(),
  target: TomlTargetSchema,
  assertions: z.array(TomlAssertionSchema),
  aggregates: z.array(AggregateSpecSchema).default([]),
  cases: z.array(CaseSchema).default([]),
  cases_file: CasesFileSchema.optional(),
  /** How comparisons decide: alpha, power and the `compare --confirm` budget. */
  gate: GateSettingsSchema.optional(),
  /** How its reports and compare documents are shared: `redact` hides payloads. */
  report: ReportSettingsSchema.optional(),
});
/** A TOML suite after validation. */
export type TomlSuite = z.infer<typeof TomlSuiteSchema>;

/**
 * A suite module's definition. Assertions are runnable objects there, checked one by one by
 * the loader so that a malformed one is refused as AssertionShapeError.
 */
export const CodeSuiteSchema = TomlSuiteSchema.extend({
  target: z.unknown().transform(parseCodeTarget),
  assertions: z.array(z.unknown()),
});
/** A suite module's definition after validation. */
export type CodeSuite = z.infer<typeof CodeSuiteSchema>;

/** The keys a suite holds at its top level. */
export const SUITE_KEYS: readonly string[] = Object.keys(TomlSuiteSchema.shape);
const CASE_KEYS = Object.keys(CaseSchema.shape);
const AGGREGATE_KEYS = Object.keys(AggregateSpecSchema.shape);
const GATE_KEYS = Object.keys(GateSettingsSchema.shape);
const REPORT_KEYS = Object.keys(ReportSettingsSchema.shape);

/** The keys each table of a suite may hold, read from the schemas, for "did you mean". */
export function suiteKnownKeys(raw: unknown): KnownKeys {
  return (path) => {
    if (path.length === 0) return SUITE_KEYS;
    const [table, index] = path;
    if (table === "target" && path.length === 1) return TARGET_KEYS;
    if (table === "gate" && path.length === 1) return GATE_KEYS;
    if (table === "report" && path.length === 1) return REPORT_KEYS;
    if (path.length !== 2 || typeof index !== "number") return undefined;
    if (table === "cases") return CASE_KEYS;
    if (table === "aggregates") return AGGREGATE_KEYS;
    if (table === "assertions") return assertionKeys(raw, index);
    return undefined;
  };
}

function assertionKeys(raw: unknown, index: number): readonly string[] | undefined {
  const list = isRecord(raw) ? raw.assertions : undefined;
  const entry = Array.isArray(list) ? list[index] : undefined;
  const kind = isRecord(entry) ? entry.kind : undefined;
  const option = BuiltinAssertionSchema.options.find((o) => o.shape.kind.value === kind);
  return option === undefined ? undefined : Object.keys(option.shape);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
