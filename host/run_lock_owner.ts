/** Who holds a suite's run lock: written into the lock file when it is taken. */
export interface LockOwner {
  pid: number;
  host: string;
  started_at: string;
}

/**
 * A lock's owner as digline writes it, checked without its schema (run_lock_schema.ts); null for
 * anything else. It accepts nothing the schema refuses (tests/host/run_lock_owner_test.ts).
 */
export function plainLockOwner(value: unknown): LockOwner | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  let keys = 0;
  for (const _ in record) keys++;
  const { pid, host, started_at } = record;
  if (keys !== 3 || !Number.isSafeInteger(pid)) return null;
  if (typeof host !== "string" || typeof started_at !== "string") return null;
  return { pid: pid as number, host, started_at };
}
