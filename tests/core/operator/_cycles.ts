import {
  type OperatorConfig,
  OperatorConfigSchema,
  policyDigest,
} from "../../../core/operator/config.ts";
import { type Cycle, CYCLE_FORMAT, type Flip } from "../../../core/operator/cycle.ts";

/** An operator configuration, with an optional policy table. */
export function config(policy?: unknown, overrides: Record<string, unknown> = {}): OperatorConfig {
  return OperatorConfigSchema.parse({
    suite: "suite.toml",
    cadence: "0 3 * * *",
    max_reruns: 2,
    structural_flip_cases: 5,
    budget: 100,
    ...(policy === undefined ? {} : { policy }),
    ...overrides,
  });
}

/** A flip of one case's check. */
export function flip(caseId: string, options: Partial<Flip> = {}): Flip {
  return {
    case_id: caseId,
    assertion: "correct",
    assertion_id: "00000000000000c1",
    stable: true,
    reruns: ["fail", "fail"],
    reproduced: true,
    ...options,
  };
}

/** A cycle ruled by the given configuration's policy. */
export function cycle(options: Partial<Cycle> & { ruledBy: OperatorConfig }): Cycle {
  const { ruledBy, ...rest } = options;
  const digest = policyDigest(ruledBy.policy);
  return {
    cycle_format: CYCLE_FORMAT,
    cycle_key: "support@20261130-030000-000-aaaaaa",
    suite: "support",
    tenant: "default",
    baseline_run: "20261120-030000-000-bbbbbb",
    runs: ["20261130-030000-000-aaaaaa"],
    exit_code: 1,
    classification: "drift",
    flips: [flip("refund-window")],
    canary_moved: [],
    figures_worse: [],
    errored: [],
    calls: 12,
    budget: ruledBy.budget,
    max_reruns: ruledBy.max_reruns,
    reruns_used: 2,
    structural_flip_cases: ruledBy.structural_flip_cases,
    policy: ruledBy.policy === undefined || digest === null
      ? null
      : { name: ruledBy.policy.name, digest },
    evaluated_at: "2026-11-30T12:00:00.000Z",
    probe: [],
    ...rest,
  };
}
