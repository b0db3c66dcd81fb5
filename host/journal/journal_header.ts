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
