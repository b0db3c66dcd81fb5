import type { Case } from "../suite/case.ts";
import { casesDigest, type Suite } from "../suite/suite.ts";
import { regradePlan } from "./regrade.ts";
import type { RunDocument } from "./run_document.ts";
import { shardOf } from "./shard_spec.ts";

/** What a run asks of its suite: all of it, one shard of it, or a stored run's outputs again. */
export type RunScope =
  | { kind: "whole" }
  /** `run --shard K/N`: the cases whose ids hash to shard `index` of `count` (1-based). */
  | { kind: "shard"; index: number; count: number }
  /** `rejudge`: the cases the stored run answered for the same inputs, graded once each. */
  | { kind: "regrade"; run: RunDocument }
  /** `merge`: the shard runs' answers, reconciled into one run of the whole suite. */
  | { kind: "merged"; from: readonly string[] };

/** A suite cut to a run's scope. */
export interface ScopedSuite {
  /** The suite the run asks: the scope's cases, each carrying its stored output for a re-grade. */
  suite: Suite;
  /** The suite's own cases the run is answerable for, as the suite declares them: a shard's own. */
  declared: readonly Case[];
}

/**
 * The suite a run of this scope asks. A shard keeps the whole suite's digests, so `merge` can tell
 * its shards are of one suite; a re-grade that leaves cases out is digested over those it kept.
 */
export function scopeSuite(suite: Suite, scope: RunScope): ScopedSuite {
  if (scope.kind === "whole" || scope.kind === "merged") return { suite, declared: suite.cases };
  if (scope.kind === "shard") {
    // A suite loaded for the shard holds only its cases already (ADR 0076); this keeps them all.
    const cases = suite.cases.filter((c) => shardOf(c.id, scope.count) === scope.index);
    return { suite: { ...suite, cases }, declared: cases };
  }
  const plan = regradePlan(suite.cases, scope.run);
  const leftOut = new Set(plan.left_out);
  const declared = suite.cases.filter((c) => !leftOut.has(c.id));
  return {
    suite: {
      ...suite,
      settings: { ...suite.settings, repeats: 1 },
      cases: plan.cases,
      cases_digest: leftOut.size === 0 ? suite.cases_digest : casesDigest(declared),
    },
    declared,
  };
}
