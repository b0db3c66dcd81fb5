/** The first line of a journal: which run it belongs to and the suite it was asked of. */
export interface JournalHeader {
  journal: 1;
  run_id: string;
  suite: string;
  cases_digest: string;
  config_hash: string;
  started_at: string;
  git_commit: string | null;
}

const RUN_ID = /^\d{8}-\d{6}-\d{3}-[0-9a-f]{6}$/;
const DIGEST16 = /^[0-9a-f]{16}$/;
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * The journal header `run` writes, checked without its schema: a copy in the schema's key order,
 * or null when anything is less plain than what `run` makes, for the schema to decide. It may
 * refuse what the schema accepts, never the reverse (tests/host/journal_header_test.ts).
 */
export function plainJournalHeader(value: unknown): JournalHeader | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const header = value as Record<string, unknown>;
  let keys = 0;
  for (const _ in header) keys++;
  if (keys !== 7 || header.journal !== 1) return null;
  const { run_id, suite, cases_digest, config_hash, started_at, git_commit } = header;
  if (typeof run_id !== "string" || !RUN_ID.test(run_id)) return null;
  if (typeof suite !== "string") return null;
  if (typeof cases_digest !== "string" || !DIGEST16.test(cases_digest)) return null;
  if (typeof config_hash !== "string" || !DIGEST16.test(config_hash)) return null;
  if (!isIsoInstant(started_at)) return null;
  if (git_commit !== null && typeof git_commit !== "string") return null;
  return { journal: 1, run_id, suite, cases_digest, config_hash, started_at, git_commit };
}

/** An instant as toISOString writes it, of a day that exists. */
function isIsoInstant(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_INSTANT.test(value)) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString() === value;
}
