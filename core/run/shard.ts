import { z } from "zod";
import { MAX_SHARDS } from "./shard_spec.ts";
import type { SameType } from "../same_type.ts";

/** Which part of a suite a run was asked: shard `index` of `count` (1-based), and its cases. */
export const ShardSchema = z.strictObject({
  index: z.number().int().min(1),
  count: z.number().int().min(1).max(MAX_SHARDS),
  /** Every case id this shard was asked, in the suite's order. */
  cases: z.array(z.string()),
}).refine((s) => s.index <= s.count, { message: "a shard's index is at most its count" })
  // The refinement restated for the generated validator (ADR 0077).
  .meta({ allOf: [{ properties: { index: { maximum: { $data: "1/count" } } } }] });
/**
 * Which part of a suite a partial run was asked (`run --shard K/N`).
 *
 * @example
 * ```ts
 * import type { Shard } from "../../mod.ts";
 * const shard: Shard = { index: 2, count: 4, cases: ["a7", "c2"] };
 * ```
 */
export interface Shard {
  /** K: which shard, from 1. */
  index: number;
  /** N: how many shards the suite was split into. */
  count: number;
  /** Every case id this shard was asked, in the suite's order. */
  cases: string[];
}
const _shard: SameType<Shard, z.infer<typeof ShardSchema>> = true;
