import { z } from "zod";
import { type JsonObject, type JsonValue, JsonValueSchema } from "../json.ts";
import type { SameType } from "../same_type.ts";
import { keyRules } from "./key_rules.ts";

/** The four kinds of case; docs/suites.md says what each is for. */
export const CaseKindSchema = z.enum(["normal", "canary", "calibration", "suspended"]);
/**
 * The kind of a case: `normal` counts in the figures; a `canary` must always pass and is left
 * out of them; a `calibration` case checks a check against a known verdict; a `suspended` case
 * is set aside with a reason and not asked.
 *
 * @example
 * ```ts
 * import type { CaseKind } from "../../mod.ts";
 * const kind: CaseKind = "canary";
 * ```
 */
export type CaseKind = "normal" | "canary" | "calibration" | "suspended";
const _kind: SameType<CaseKind, z.infer<typeof CaseKindSchema>> = true;

/** A case id: short, printable, and safe to name in a headline. */
export const CaseIdSchema = z.string().min(1, "a case id can not be empty").max(200).regex(
  /^[^\s]+$/,
  "a case id can not contain whitespace",
);

/**
 * A label for precision and recall: a string, number or boolean, compared as text. Each branch
 * that is not text transforms alone, so a label that is text already reads as itself.
 */
export const LabelSchema = z.union([
  z.string(),
  z.number().transform(String),
  z.boolean().transform(String),
]);

/** How many draws a case gets: a whole number from 1 to 100 (a digit string, from a CSV cell). */
export const RepeatsSchema = z.union([
  z.number(),
  z.string().regex(/^\d+$/, "repeats is a whole number").transform(Number),
]).pipe(z.number().int().min(1).max(100));

/**
 * The rules between a case's keys, written once for the schema and its generated validator
 * (ADR 0128). An absent kind is "normal".
 */
const CASE_RULES = keyRules([
  {
    key: "kind",
    is: ["suspended"],
    requires: "reason",
    message: "a suspended case needs a reason",
  },
  {
    key: "kind",
    is: ["calibration"],
    requires: "check",
    message: "a calibration case names the one check it asks",
  },
  {
    key: "kind",
    isNot: ["calibration"],
    forbids: "output",
    message: 'only a case of kind "calibration" carries a fixed output',
  },
  {
    key: "kind",
    isNot: ["calibration"],
    forbids: "check",
    message: 'only a case of kind "calibration" names a check',
  },
]);

/** One case as a suite declares it (both forms, and each line of a cases file). */
export const CaseSchema = z.strictObject({
  id: z.union([CaseIdSchema, z.number().int().transform(String)]).pipe(CaseIdSchema),
  vars: z.record(z.string(), JsonValueSchema).default({}),
  expected: JsonValueSchema.optional(),
  label: LabelSchema.optional(),
  group: z.union([z.string().min(1), z.number().transform(String)]).optional(),
  kind: CaseKindSchema.default("normal"),
  /** Why a suspended case is set aside. */
  reason: z.string().min(1).optional(),
  /** The one check a calibration case asks (an assertion name). */
  check: z.string().min(1).optional(),
  /** The verdict a calibration case must get from its check. */
  expected_verdict: z.enum(["pass", "fail"]).optional(),
  /** How many times the target is asked this case; overrides the suite's `repeats`. */
  repeats: RepeatsSchema.optional(),
  /**
   * For a calibration case: the known output its check is asked about, so the instrument (a
   * judge) is checked against a fixed answer and the target is not called.
   */
  output: z.string().optional(),
}).superRefine((c, ctx) => CASE_RULES.refine(c, ctx)).meta(CASE_RULES.meta);

/**
 * A case after validation, as a check sees it (`CheckInput.testCase`): ids and groups are
 * text, labels are text, and `vars` and `kind` are filled in. `V` is the type of its vars (any
 * JSON object by default).
 *
 * @example
 * ```ts
 * import { custom } from "../../mod.ts";
 * const matchesExpected = custom({
 *   name: "matches-expected",
 *   check: ({ output, testCase }) => output === String(testCase.expected ?? ""),
 * });
 * ```
 */
export interface Case<V extends object = JsonObject> {
  /** Unique in the suite, with no white space. */
  id: string;
  /** What the target is asked with. */
  vars: V;
  /** What a check may compare the output with (equals does, when it names no value). */
  expected?: JsonValue;
  /** For precision and recall, compared as text. */
  label?: string;
  /** Figures declared `by = "group"` add one figure per group. */
  group?: string;
  /** How the case counts. */
  kind: CaseKind;
  /** Why a suspended case is set aside. */
  reason?: string;
  /** The one check a calibration case asks (an assertion name). */
  check?: string;
  /** The verdict a calibration case must get from its check. */
  expected_verdict?: "pass" | "fail";
  /** How many times the target is asked this case; overrides the suite's `repeats`. */
  repeats?: number;
  /** For a calibration case: the known output its check is asked about. */
  output?: string;
}
const _case: SameType<Case, z.infer<typeof CaseSchema>> = true;

/**
 * A case as a suite written in code declares it, before defaults: only `id` is required. `V` is
 * the type of its vars (in `defineSuite`, what the target declares it takes).
 *
 * @example
 * ```ts
 * import type { CaseInput } from "../../mod.ts";
 * const cases: CaseInput[] = [
 *   { id: "greeting", vars: { name: "Ada" }, expected: "Hello, Ada!" },
 *   { id: 7, vars: { name: "" }, kind: "canary", group: "edge" },
 *   { id: "retired", kind: "suspended", reason: "the upstream API is down" },
 * ];
 * ```
 */
export interface CaseInput<V extends object = Record<string, unknown>> {
  /** A number is read as its text. */
  id: string | number;
  /** JSON values; checked when the suite loads. */
  vars?: V;
  /** A JSON value; checked when the suite loads. */
  expected?: unknown;
  /** Read as text. */
  label?: string | number | boolean;
  /** Figures declared `by = "group"` add one figure per group. */
  group?: string | number;
  /** `normal` when absent. */
  kind?: CaseKind;
  /** Why a suspended case is set aside; a suspended case needs one. */
  reason?: string;
  /** The one check a calibration case asks (an assertion name); a calibration case needs one. */
  check?: string;
  /** The verdict a calibration case must get from its check. */
  expected_verdict?: "pass" | "fail";
  /** A whole number from 1 to 100 (a digit string, from a CSV cell). */
  repeats?: number | string;
  /** For a calibration case only: the known output its check is asked about. */
  output?: string;
}
const _caseInput: SameType<CaseInput, z.input<typeof CaseSchema>> = true;
