import { isDigest, isIsoDatetime, isRunId } from "../core/run/run_document_check.ts";

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
  if (!isRunId(run_id) || typeof suite !== "string") return null;
  if (!isDigest(cases_digest) || !isDigest(config_hash) || !isIsoDatetime(started_at)) return null;
  if (git_commit !== null && typeof git_commit !== "string") return null;
  return { journal: 1, run_id, suite, cases_digest, config_hash, started_at, git_commit };
}
