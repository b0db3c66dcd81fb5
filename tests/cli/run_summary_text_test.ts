import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { runSummaryText } from "../../cli/actions/_run_summary.ts";
import type { RunSummary } from "../../core/documents/runs.ts";

function summary(cases: string[], checks: Partial<RunSummary["checks"]> = {}): RunSummary {
  return {
    output_version: 1,
    kind: "run",
    run_id: "r1",
    suite: "s",
    cases_digest: "c",
    config_hash: "h",
    target: "t",
    git_commit: null,
    started_at: "2026-01-01T00:00:00.000Z",
    finished_at: "2026-01-01T00:00:01.000Z",
    cases,
    checks: { pass: [], fail: [], error: [], ...checks },
    suspended: [],
    figures: [],
    path: ".digline/x.json",
  };
}

Deno.test("run, rejudge and merge count one case and one check in the singular", () => {
  assertEquals(
    runSummaryText(summary(["a"], { pass: ["a/x"] }), { made: " merged from 2 shards," }),
    "run r1 of suite s merged from 2 shards, stored in .digline/x.json\n" +
      "  1 case: 1 check passed, 0 failed, 0 errored\n",
  );
});

Deno.test("the run summary counts several cases and checks in the plural, notes under its first line", () => {
  assertEquals(
    runSummaryText(summary(["a", "b"], { pass: ["a/x"], fail: ["b/x"] }), {
      notes: ["re-graded run r0"],
    }),
    "run r1 of suite s stored in .digline/x.json\n" +
      "  re-graded run r0\n" +
      "  2 cases: 1 check passed, 1 failed, 0 errored\n",
  );
});
