import { z } from "zod";
import { JsonValueSchema } from "../json.ts";

/** The four kinds of case; docs/suites.md says what each is for. */
export const CaseKindSchema = z.enum(["normal", "canary", "calibration", "suspended"]);
/** The kind of a case. */
export type CaseKind = z.infer<typeof CaseKindSchema>;

/** A case id: short, printable, and safe to name in a headline. */
export const CaseIdSchema = z.string().min(1, "a case id can not be empty").max(200).regex(
  /^[^\s]+$/,
  "a case id can not contain whitespace",
);

/** A label for precision and recall: a string, number or boolean, compared as text. */
export const LabelSchema = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/** How many draws a case gets: a whole number from 1 to 100 (a digit string, from a CSV cell). */
export const RepeatsSchema = z.union([
  z.number(),
  z.string().regex(/^\d+$/, "repeats is a whole number").transform(Number),
]).pipe(z.number().int().min(1).max(100));

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
}).superRefine((c, ctx) => {
  if (c.kind === "suspended" && c.reason === undefined) {
    ctx.addIssue({ code: "custom", path: ["reason"], message: "a suspended case needs a reason" });
  }
  if (c.kind === "calibration" && c.check === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["check"],
      message: "a calibration case names the one check it asks",
    });
  }
  if (c.kind !== "calibration" && c.output !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["output"],
      message: 'only a case of kind "calibration" carries a fixed output',
    });
  }
  if (c.kind !== "calibration" && c.check !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["check"],
      message: 'only a case of kind "calibration" names a check',
    });
  }
});

/** A case after validation. */
export type Case = z.infer<typeof CaseSchema>;
/** A case as written, before defaults. */
export type CaseInput = z.input<typeof CaseSchema>;
