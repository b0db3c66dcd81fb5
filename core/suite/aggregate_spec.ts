import { z } from "zod";
import type { SameType } from "../same_type.ts";
import { LabelSchema } from "./case.ts";
import { keyRules } from "./key_rules.ts";

/** The rules between an aggregate's keys, written once for the schema and its generated validator. */
const AGGREGATE_RULES = keyRules([
  {
    key: "kind",
    is: ["mean"],
    requires: "higher_is_better",
    message: "a mean aggregate says which way is better: higher_is_better = true or false",
  },
  {
    key: "kind",
    is: ["precision", "recall"],
    requires: "positive",
    message: (a) => `a ${a.kind} aggregate names the label that counts as positive`,
  },
  {
    key: "kind",
    is: ["precision"],
    forbids: "primary",
    value: true,
    message: "a precision figure can not gate: the cases it counts are the ones that passed, " +
      "so no paired test applies; make an accuracy, recall or mean aggregate primary",
  },
]);

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
  positive: LabelSchema.optional(),
  /** This figure gates (one per suite); the others are reported. Default: the first accuracy. */
  primary: z.boolean().optional(),
  /**
   * Which way is better: true (the default) for accuracy, precision and recall; a `mean` must
   * say, since a longer answer or a higher latency is not better by nature.
   */
  higher_is_better: z.boolean().optional(),
}).superRefine((a, ctx) => AGGREGATE_RULES.refine(a, ctx)).meta(AGGREGATE_RULES.meta);
// Code apart from the schema, which comparing does not load (ADR 0077).
export { higherIsBetter } from "./aggregate_direction.ts";

/**
 * An aggregate as a suite declares it, once loaded: a named figure over one assertion. A run
 * records its suite's aggregates so a later comparison computes figures by the same rules.
 *
 * @example
 * ```ts
 * import type { AggregateSpec } from "../../mod.ts";
 * const spec: AggregateSpec = { name: "accuracy", kind: "accuracy", over: "correct" };
 * ```
 */
export interface AggregateSpec {
  /** The figure's public name. */
  name: string;
  /** How the figure is computed from the check's verdicts. */
  kind: "accuracy" | "mean" | "precision" | "recall";
  /** The name of the assertion the figure is computed over. */
  over: string;
  /** Adds one figure per group. */
  by?: "group";
  /** For precision and recall: the label that counts as positive, as text. */
  positive?: string;
  /** This figure gates. */
  primary?: boolean;
  /** Whether a rise is an improvement. */
  higher_is_better?: boolean;
}
const _spec: SameType<AggregateSpec, z.infer<typeof AggregateSpecSchema>> = true;
/**
 * An aggregate as a suite written in code declares it: a named figure over one assertion.
 *
 * @example
 * ```ts
 * import type { AggregateSpecInput } from "../../mod.ts";
 * const aggregates: AggregateSpecInput[] = [
 *   { name: "accuracy", kind: "accuracy", over: "correct", by: "group" },
 *   { name: "spam-recall", kind: "recall", over: "flags-spam", positive: "spam" },
 * ];
 * ```
 */
export interface AggregateSpecInput {
  /** The figure's public name: letters, digits and _ . : - only. */
  name: string;
  /** How the figure is computed from the check's verdicts. */
  kind: "accuracy" | "mean" | "precision" | "recall";
  /** The name of the assertion the figure is computed over. */
  over: string;
  /** Adds one figure per group, named like accuracy[group=yelp]. */
  by?: "group";
  /** For precision and recall: the label that counts as positive (compared as text). */
  positive?: string | number | boolean;
  /** This figure gates (one per suite); the others are reported. Default: the first accuracy. */
  primary?: boolean;
  /** Which way is better: true by default; a `mean` must say. */
  higher_is_better?: boolean;
}
const _input: SameType<AggregateSpecInput, z.input<typeof AggregateSpecSchema>> = true;
