import { computeFigures } from "../../core/run/aggregate.ts";
import type { AggregateSpec } from "../../core/suite/aggregate_spec.ts";
import type { CaseResult, RunDocument } from "../../core/run/run_document.ts";
import type { VerdictStatus } from "../../core/verdict.ts";

/** Assertion ids for the fake runs: 16 hex each. */
export const IDS = { correct: "00000000000000c1", polite: "00000000000000c2" } as const;

/** A case in a fake run: its id, kind and one status per check. */
export interface FakeCase {
  id: string;
  kind?: CaseResult["kind"];
  group?: string;
  label?: string;
  statuses: Partial<Record<keyof typeof IDS, VerdictStatus>>;
  expected_verdict?: "pass" | "fail";
}

/** Builds a run document from a few cases, computing its figures like the driver does. */
export function fakeRun(
  runId: string,
  cases: FakeCase[],
  options: { aggregates?: AggregateSpec[]; config_hash?: string; cases_digest?: string } = {},
): RunDocument {
  const assertions = Object.entries(IDS).map(([name, id]) => ({ id, name, kind: "equals" }));
  const results: CaseResult[] = cases.map((c) => ({
    case_id: c.id,
    kind: c.kind ?? "normal",
    ...(c.group ? { group: c.group } : {}),
    ...(c.label ? { label: c.label } : {}),
    ...(c.expected_verdict ? { expected_verdict: c.expected_verdict } : {}),
    output: "x",
    verdicts: Object.entries(c.statuses).map(([name, status]) => ({
      assertion_id: IDS[name as keyof typeof IDS],
      assertion: name,
      status: status as VerdictStatus,
      metadata: {},
    })),
    latency_ms: 1,
    attempts: 1,
    inputs_digest: "0000000000000000",
  }));
  const aggregates = options.aggregates ??
    [{ name: "accuracy", kind: "accuracy", over: "correct", by: "group" } as AggregateSpec];
  return {
    schema_version: 1,
    run_id: runId,
    tenant: "default",
    suite: {
      name: "s",
      cases_digest: options.cases_digest ?? "aaaaaaaaaaaaaaaa",
      config_hash: options.config_hash ?? "bbbbbbbbbbbbbbbb",
      source: "s.toml",
    },
    target: { kind: "function", name: "f" },
    git_commit: null,
    started_at: "2026-11-30T00:00:00.000Z",
    finished_at: "2026-11-30T00:00:01.000Z",
    assertions,
    cases: results,
    figures: computeFigures(aggregates, { assertions, cases: results }),
  };
}
