import { z } from "zod";
import type { SameType } from "../same_type.ts";
import { REDUCE_RULES, type ReduceRule } from "./reduction.ts";

// The reduction's code is apart from its schema, so comparing loads no zod (ADR 0077).
export {
  DEFAULT_REDUCTION,
  REDUCE_RULES,
  type ReduceRule,
  reduceVerdicts,
  type Reduction,
  reductionOf,
} from "./reduction.ts";

/** How a check's verdicts over several samples of one case become one verdict. */
export const ReduceRuleSchema = z.enum(REDUCE_RULES);
const _rule: SameType<ReduceRule, z.infer<typeof ReduceRuleSchema>> = true;

/** The keys an assertion may carry to choose its reduction; absent keys leave its id unchanged. */
export const ReduceShape = {
  reduce: ReduceRuleSchema.optional(),
  /** For `reduce = "mean"`: the share of samples that must pass. */
  min_pass_rate: z.number().min(0).max(1).optional(),
};
