import { z } from "zod";

/** One declared aggregate: a named figure over one assertion. */
export const AggregateSpecSchema = z.strictObject({
  name: z.string().min(1).max(100).regex(
    /^[A-Za-z0-9_.:-]+$/,
    "an aggregate name may use letters, digits and _ . : - only",
  ),
  kind: z.enum(["accuracy", "mean", "precision", "recall"]),
  /** The name of the assertion the figure is computed over. */
  over: z.string().min(1),
  /** Adds one figure per group, named like accuracy[group=yelp]. */
  by: z.literal("group").optional(),
  /** For precision and recall: the label that counts as positive. */
  positive: z.union([z.string(), z.number(), z.boolean()]).transform(String).optional(),
}).superRefine((a, ctx) => {
  if ((a.kind === "precision" || a.kind === "recall") && a.positive === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["positive"],
      message: `a ${a.kind} aggregate names the label that counts as positive`,
    });
  }
});
/** An aggregate declaration. */
export type AggregateSpec = z.infer<typeof AggregateSpecSchema>;
/** An aggregate declaration as written. */
export type AggregateSpecInput = z.input<typeof AggregateSpecSchema>;
