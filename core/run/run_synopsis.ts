import type { RunDocument } from "./run_document.ts";
import type { RunSynopsis } from "./run_synopsis_schema.ts";

// The synopsis's code apart from its schema: `list` and `log` read the index through
// isRunSynopsis alone, and load zod only when a line needs the schema's judgement.

export type { RunSynopsis } from "./run_synopsis_schema.ts";

/** The synopsis of a run document. */
export function runSynopsis(run: RunDocument): RunSynopsis {
  const errored: string[] = [];
  let failed = 0;
  for (const c of run.cases) {
    for (const v of c.verdicts) {
      if (v.status === "error") errored.push(`${c.case_id} · ${v.assertion}`);
      else if (v.status === "fail") failed++;
    }
  }
  return {
    run_id: run.run_id,
    suite: run.suite.name,
    started_at: run.started_at,
    git_commit: run.git_commit,
    target: run.target,
    cases: run.cases.length,
    cases_digest: run.suite.cases_digest,
    config_hash: run.suite.config_hash,
    errored_checks: errored,
    failed_checks: failed,
    figures: Object.fromEntries(run.figures.map((f) => [f.name, f.value])),
    ...(run.shard === undefined ? {} : { shard: `${run.shard.index}/${run.shard.count}` }),
  };
}

const SYNOPSIS_KEYS = new Set([
  "run_id",
  "suite",
  "started_at",
  "git_commit",
  "target",
  "cases",
  "cases_digest",
  "config_hash",
  "errored_checks",
  "failed_checks",
  "figures",
  "shard",
]);
const DIGEST16 = /^[0-9a-f]{16}$/;

/**
 * The schema's rules checked by hand, for the store's index: a listing reads ten thousand lines,
 * and a zod parse of each was most of what `list` cost. It accepts only what RunSynopsisSchema
 * accepts (a property test holds it there); a line it rejects is given to the schema, which
 * stays the judge of what is skipped.
 */
export function isRunSynopsis(value: unknown): value is RunSynopsis {
  if (!isRecord(value)) return false;
  for (const key in value) if (!SYNOPSIS_KEYS.has(key)) return false;
  const v = value as Record<string, unknown>;
  const target = v.target;
  return typeof v.run_id === "string" && typeof v.suite === "string" &&
    typeof v.started_at === "string" &&
    (v.git_commit === null || typeof v.git_commit === "string") &&
    isRecord(target) && Object.keys(target).length === 2 && typeof target.kind === "string" &&
    typeof target.name === "string" &&
    isCount(v.cases) && typeof v.cases_digest === "string" && DIGEST16.test(v.cases_digest) &&
    typeof v.config_hash === "string" && DIGEST16.test(v.config_hash) &&
    Array.isArray(v.errored_checks) && v.errored_checks.every((c) => typeof c === "string") &&
    isCount(v.failed_checks) && isRecord(v.figures) &&
    Object.values(v.figures).every((f) => f === null || (typeof f === "number" && isFinite(f))) &&
    (!("shard" in v) || typeof v.shard === "string");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype;
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
