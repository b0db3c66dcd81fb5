/**
 * The closed vocabulary of facts a comparison states. Each kind carries the exit code it forces,
 * so the verdict is computed from the printed facts and can never say more than they do.
 */
export const VERDICT_FORCED_BY_FACT = {
  "unreconciled": 2,
  "calibration-lost": 2,
  "canary-moved": 1,
  "config-changed": 0,
  "cases-changed": 0,
  "target-changed": 0,
  "case-added": 0,
  "case-removed": 0,
  "check-added": 0,
  "check-removed": 0,
  "rechecked": 0,
  "rules-moved": 1,
  "rules-moved-accepted": 0,
  "not-rechecked": 2,
  "inputs-changed": 2,
  "unjudged": 2,
  "figure-missing": 2,
  "figure-uncomputable": 2,
  "runs-too-few": 2,
  "regression": 1,
  "stable-flips-worse": 1,
  "figure-worse": 1,
  "figure-flagged": 0,
  "figure-untested": 0,
  "unconfirmed": 0,
  "stable-flip": 0,
  "improvement": 0,
  "noisy": 0,
  "figure-within-noise": 0,
  "figure-better": 0,
  "figure-unchanged": 0,
  "figure-new": 0,
  "compared": 0,
} as const;

/** One kind of fact. */
export type FactKind = keyof typeof VERDICT_FORCED_BY_FACT;

/** One fact behind a verdict. Names ids and checks; never payload. */
export interface Fact {
  kind: FactKind;
  case_id?: string;
  assertion?: string;
  assertion_id?: string;
  figure?: string;
  /**
   * For a target-changed fact: the target's setting that differs (`temperature`); for a
   * check-added fact, `module_graph` when a check of the same name differs only by the files of
   * its suite module (ADR 0112).
   */
  setting?: string;
  /** The state on the baseline side: a status, a value or a digest. */
  from?: string | number | null;
  /** The state on the candidate side. */
  to?: string | number | null;
  /** For a verdict that can not be judged as things stand: the command that resolves it. */
  resolve?: string;
  /** For a compared tally, or a re-checked check: the cases, each count beside its list. */
  cases?: string[];
  /**
   * For a regression or an unconfirmed check under `compare --confirm`: what its confirmation
   * draws decided, and the draws behind it.
   */
  confirmation?: {
    outcome: "confirmed" | "dismissed" | "undecided";
    pass: number;
    fail: number;
    error: number;
  };
}

/** The three verdicts a comparison can reach: the gate's exit code. */
export type GateVerdict = 0 | 1 | 2;

/**
 * The gate verdict the facts force: 2 (could not be judged) dominates 1 (worse), which
 * dominates 0. Returns only 0, 1 or 2; refusals and failures are the front end's.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(gateVerdictOf([{ kind: "regression" }, { kind: "unjudged" }]), 2);
 * assertEquals(gateVerdictOf([{ kind: "improvement" }]), 0);
 * ```
 */
export function gateVerdictOf(facts: readonly Pick<Fact, "kind">[]): GateVerdict {
  let code: GateVerdict = 0;
  for (const fact of facts) {
    const forced = VERDICT_FORCED_BY_FACT[fact.kind];
    if (forced === 2) return 2;
    if (forced === 1) code = 1;
  }
  return code;
}
