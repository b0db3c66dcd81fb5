import { mergeShards, type MissingShard } from "../../core/run/merge_shards.ts";
import type { RunDocument } from "../../core/run/run_document.ts";
import { assembleRun } from "../../core/run/assemble_run.ts";
import type { RunSynopsis } from "../../core/run/run_synopsis.ts";
import { type Clock, newRunId, systemClock } from "../process/clock.ts";
import { UsageError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";
import { loadSuite } from "../suite_loader/mod.ts";

/** What `merge` is given: shard runs by id, or a suite whose latest shards are wanted. */
export interface MergeRunsOptions {
  store: RunStore;
  /** Shard runs by id, unique prefix or `latest`. */
  runs: string[];
  /** The suite file; by default the one the shards were loaded from. */
  suite?: string;
  /** Take the suite's newest set of shards from the store instead of naming them. */
  latestShards?: boolean;
  clock?: Clock;
}

/** The merged run, where it was stored, and the shards that were not there. */
export interface MergeRunsResult {
  run: RunDocument;
  path: string;
  missing: MissingShard[];
}

/**
 * Reconciles shard runs with their suite into one ordinary run and stores it. The suite is
 * loaded again because only it knows every case a missing shard was to answer.
 */
export async function mergeRuns(options: MergeRunsOptions): Promise<MergeRunsResult> {
  const { store } = options;
  if (options.latestShards === true && options.runs.length > 0) {
    throw new UsageError("merge: give shard runs or --latest-shards, not both");
  }
  if (options.latestShards !== true && options.runs.length === 0) {
    throw new UsageError(
      "merge: name the shard runs to merge, or give --suite SUITE --latest-shards",
    );
  }
  if (options.latestShards === true && options.suite === undefined) {
    throw new UsageError("merge: --latest-shards needs --suite SUITE, the suite file");
  }
  const given: RunDocument[] = [];
  for (const ref of options.runs) given.push(await store.resolveRun(ref));
  const suitePath = options.suite ?? given[0].suite.source;
  const loaded = await loadSuite(suitePath);
  const suite = loaded.suite;
  const shards = options.latestShards === true ? await latestShards(store, suite.name) : given;
  if (shards.length === 0) {
    throw new UsageError(
      `merge: no shard runs of suite ${suite.name} in ${store.tenantDir}: run it with --shard K/N first`,
    );
  }
  const merged = mergeShards(suite, shards);
  const commits = new Set(merged.runs.map((r) => r.git_commit));
  const run = assembleRun(suite, {
    cases: merged.cases,
    record: {
      run_id: newRunId((options.clock ?? systemClock).now()),
      tenant: store.tenant,
      source: loaded.source,
      // Shards made at different commits are of one suite but not one system: name none then.
      git_commit: commits.size === 1 ? merged.runs[0].git_commit : null,
      started_at: merged.runs.map((r) => r.started_at).sort()[0],
      finished_at: merged.runs.map((r) => r.finished_at).sort().at(-1)!,
    },
    scope: { kind: "merged", from: merged.runs.map((r) => r.run_id) },
  });
  const path = await store.writeRun(run);
  return { run, path, missing: merged.missing };
}

/**
 * The suite's newest set of shards: walking back from its newest shard run, every shard run of
 * the same count, digests and commit, until one that differs or a shard already taken. So a
 * shard missing from the newest set is not filled in from another commit or an older set.
 */
async function latestShards(store: RunStore, suite: string): Promise<RunDocument[]> {
  const taken = new Map<number, RunSynopsis>();
  let newest: RunSynopsis | undefined;
  for (const run of (await store.synopses({ suite })).reverse()) {
    // A whole run or an earlier merge between shards says nothing about which set they are of.
    if (run.shard === undefined) continue;
    newest ??= run;
    const [index, count] = run.shard.split("/").map(Number);
    const same = count === Number(newest.shard!.split("/")[1]) &&
      run.cases_digest === newest.cases_digest &&
      run.config_hash === newest.config_hash &&
      run.git_commit === newest.git_commit;
    if (!same || taken.has(index)) break;
    taken.set(index, run);
    if (taken.size === count) break;
  }
  const shards: RunDocument[] = [];
  for (const run of taken.values()) shards.push(await store.resolveRun(run.run_id, { suite }));
  return shards;
}
