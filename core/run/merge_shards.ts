import type { Assertion } from "../suite/assertions/assertion.ts";
import type { Case } from "../suite/case.ts";
import { RefusalError } from "../errors.ts";
import { findGaps, repairGaps } from "./reconcile.ts";
import type { CaseResult, RunDocument } from "./run_document.ts";
import { shardOf } from "./shard_spec.ts";

/** Shards that can not be merged into one run without guessing; `merge` refuses them. */
export class ShardsRefusedError extends RefusalError {}

/** A shard nobody handed to merge, and the cases it would have answered. */
export interface MissingShard {
  index: number;
  count: number;
  cases: string[];
}

/** The merged results, in the suite's case order, and what could not be merged. */
export interface MergedShards {
  cases: CaseResult[];
  count: number;
  /** The shard runs in shard order. */
  runs: RunDocument[];
  missing: MissingShard[];
}

/** What merge reconciles the shards with: the suite as it is declared now. */
export interface MergeAsked {
  name: string;
  cases_digest: string;
  config_hash: string;
  cases: readonly Case[];
  assertions: readonly Assertion[];
}

/**
 * Reconciles shard runs with their suite: every declared case gets exactly one result. A case
 * whose shard was not given gets errored verdicts marked `unreconciled` with cause
 * `shard-missing`, so a comparison can not pass it. Runs that are not shards, of another suite
 * or digest, of another shard count, or that answer the same case are refused by name.
 */
export function mergeShards(asked: MergeAsked, shards: readonly RunDocument[]): MergedShards {
  if (shards.length === 0) throw new ShardsRefusedError("merge: no shard runs to merge");
  for (const run of shards) {
    if (run.shard === undefined) {
      throw new ShardsRefusedError(
        `merge: run ${run.run_id} is not a shard (it was made without run --shard K/N); merge only shard runs`,
      );
    }
    if (run.suite.name !== asked.name) {
      throw new ShardsRefusedError(
        `merge: run ${run.run_id} is of suite ${run.suite.name}, not ${asked.name}; merge the shards of one suite`,
      );
    }
    for (const key of ["cases_digest", "config_hash"] as const) {
      if (run.suite[key] !== asked[key]) {
        throw new ShardsRefusedError(
          `merge: shard run ${run.run_id} was made with ${key} ${
            run.suite[key]
          }, and suite ${asked.name} has ${
            asked[key]
          } now; run every shard of the same suite again`,
        );
      }
    }
  }
  const first = shards[0];
  const count = first.shard!.count;
  // A module target is named by its path, which differs between CI runners' checkouts: shards
  // must agree on the kind of target; the merged run names the target as the suite does now.
  const target = first.target.kind;
  const byIndex = new Map<number, RunDocument>();
  for (const run of shards) {
    const shard = run.shard!;
    if (shard.count !== count) {
      throw new ShardsRefusedError(
        `merge: run ${first.run_id} is shard ${
          first.shard!.index
        }/${count} and run ${run.run_id} is shard ${shard.index}/${shard.count}; merge shards of one count`,
      );
    }
    const other = byIndex.get(shard.index);
    if (other !== undefined) {
      throw new ShardsRefusedError(
        `merge: runs ${other.run_id} and ${run.run_id} are both shard ${shard.index}/${count}; give each shard once`,
      );
    }
    if (run.target.kind !== target) {
      throw new ShardsRefusedError(
        `merge: run ${first.run_id} ran against a ${target} target and run ${run.run_id} against a ${run.target.kind} target; merge shards of one target`,
      );
    }
    byIndex.set(shard.index, run);
  }

  const answeredBy = new Map<string, { run: RunDocument; result: CaseResult }>();
  for (const run of byIndex.values()) {
    for (const result of run.cases) {
      const other = answeredBy.get(result.case_id)?.run;
      if (other !== undefined) {
        throw new ShardsRefusedError(
          `merge: case "${result.case_id}" is answered by both run ${other.run_id} and run ${run.run_id}; shards may not overlap`,
        );
      }
      const home = shardOf(result.case_id, count);
      if (home !== run.shard!.index) {
        throw new ShardsRefusedError(
          `merge: run ${run.run_id} (shard ${
            run.shard!.index
          }/${count}) answers case "${result.case_id}", which belongs to shard ${home}/${count}`,
        );
      }
      answeredBy.set(result.case_id, { run, result });
    }
  }

  const missingIndices = new Set<number>();
  for (let index = 1; index <= count; index++) {
    if (!byIndex.has(index)) missingIndices.add(index);
  }
  const missing = new Map<number, MissingShard>(
    [...missingIndices].map((index) => [index, { index, count, cases: [] }]),
  );
  const results: CaseResult[] = [];
  const lost = new Map<string, number>();
  for (const testCase of asked.cases) {
    const answered = answeredBy.get(testCase.id);
    if (answered !== undefined) {
      results.push(answered.result);
      continue;
    }
    const home = shardOf(testCase.id, count);
    if (!missingIndices.has(home)) continue;
    missing.get(home)!.cases.push(testCase.id);
    lost.set(testCase.id, home);
    // A suspension is declared, not answered: the suite says what its shard would have said.
    if (testCase.kind === "suspended") results.push(suspendedResult(testCase));
  }
  const gaps = findGaps(asked, results);
  const cases = repairGaps(asked, { results, gaps }).map((result) => {
    const home = lost.get(result.case_id);
    if (home === undefined || result.kind === "suspended") return result;
    return {
      ...result,
      verdicts: result.verdicts.map((v) => ({
        ...v,
        reason:
          `case "${result.case_id}" belongs to shard ${home}/${count}, whose run was not merged; check "${v.assertion}" got no answer`,
        metadata: { unreconciled: true, cause: "shard-missing", shard: `${home}/${count}` },
      })),
    };
  });
  return {
    cases,
    count,
    runs: [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, run]) => run),
    missing: [...missing.values()],
  };
}

function suspendedResult(testCase: Case): CaseResult {
  return {
    case_id: testCase.id,
    kind: testCase.kind,
    ...(testCase.group === undefined ? {} : { group: testCase.group }),
    ...(testCase.label === undefined ? {} : { label: testCase.label }),
    verdicts: [],
    latency_ms: 0,
    attempts: 0,
    ...(testCase.reason === undefined ? {} : { suspended_reason: testCase.reason }),
  };
}
