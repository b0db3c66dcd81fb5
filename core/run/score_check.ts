import type { Score } from "./verdict.ts";

const STATUSES: ReadonlySet<unknown> = new Set(["pass", "fail", "error"]);
const SCORE_KEYS: ReadonlySet<string> = new Set(["status", "score", "reason", "name", "metadata"]);

/**
 * A check's answer read without ScoreSchema (verdict.ts): the Score the schema would give, or
 * null for anything less plain, for the schema to decide and explain. It accepts nothing the
 * schema refuses (tests/core/run/score_check_test.ts), so a run of well-formed checks loads no zod.
 */
export function plainScore(value: unknown): Score | null {
  if (!isPlainRecord(value)) return null;
  for (const key of Object.keys(value)) if (!SCORE_KEYS.has(key)) return null;
  const { status, score, reason, name, metadata } = value;
  if (!STATUSES.has(status)) return null;
  if (score !== undefined && !Number.isFinite(score)) return null;
  if (reason !== undefined && typeof reason !== "string") return null;
  if (name !== undefined && typeof name !== "string") return null;
  if (metadata !== undefined && !isPlainMetadata(metadata)) return null;
  return {
    status: status as Score["status"],
    ...(score === undefined ? {} : { score: score as number }),
    ...(reason === undefined ? {} : { reason }),
    ...(name === undefined ? {} : { name }),
    ...(metadata === undefined ? {} : { metadata: { ...metadata } as Score["metadata"] }),
  };
}

function isPlainMetadata(value: unknown): value is Record<string, unknown> {
  if (!isPlainRecord(value)) return false;
  for (const key of Object.keys(value)) {
    if (key.length > 64) return false;
    const item = value[key];
    if (typeof item === "string" ? item.length > 64 : !isFlag(item)) return false;
  }
  return true;
}

function isFlag(value: unknown): boolean {
  return typeof value === "boolean" || Number.isFinite(value);
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) &&
    Object.getOwnPropertySymbols(value).length === 0;
}
