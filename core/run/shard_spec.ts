import { RefusalError } from "../errors.ts";

/**
 * How a run is cut into shards, apart from the shard's schema in shard.ts: `run` reads its
 * `--shard` and picks its cases without loading zod.
 *
 * @module
 */

/** The most shards a suite can be split into: more than any CI matrix allows. */
export const MAX_SHARDS = 1000;

/** A `K/N` shard spec that does not name a shard. */
export class ShardSpecError extends RefusalError {}

/**
 * The shard (1 to `count`) a case belongs to. It depends on the case id alone, never on the
 * other cases, so adding or removing a case moves no other case between shards.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * const k = shardOf("case-1", 4);
 * ok(k >= 1 && k <= 4 && shardOf("case-1", 4) === k);
 * ```
 */
export function shardOf(caseId: string, count: number): number {
  return (caseHash(caseId) % count) + 1;
}

/**
 * FNV-1a over the id's UTF-16 code units, then murmur3's finaliser so ids that differ only in their
 * last digit spread over every shard. No secrecy is needed, so no sha256 per id. Changing it
 * moves cases between shards, so it is fixed: see docs/adr.
 */
function caseHash(caseId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < caseId.length; i++) {
    h ^= caseId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Reads `K/N` (shard K of N, 1-based, as CI matrices count). Throws ShardSpecError naming what
 * is wrong.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(parseShardSpec("2/4"), { index: 2, count: 4 });
 * ```
 */
export function parseShardSpec(spec: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(spec.trim());
  if (match === null) {
    throw new ShardSpecError(
      `--shard ${JSON.stringify(spec)}: write K/N, shard K of N counting from 1 (e.g. 2/4)`,
    );
  }
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) {
    throw new ShardSpecError(`--shard ${spec}: N is from 1 to ${MAX_SHARDS}`);
  }
  if (index < 1 || index > count) {
    throw new ShardSpecError(`--shard ${spec}: K is from 1 to N (${count})`);
  }
  return { index, count };
}
