import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { runSynopsis } from "../../../core/run/run_synopsis.ts";
import { wilsonInterval } from "../../../core/statistics/wilson.ts";
import { suitePage } from "../../../core/viewer/suite_page.ts";
import { fakeRun } from "../_runs.ts";

Deno.test("a suite page names each run's recorded interval, and says so where an older index line recorded none", () => {
  const older = runSynopsis(fakeRun("20261130-000000-000-aaaaaa", [
    { id: "a", statuses: { correct: "pass" } },
  ]));
  delete older.intervals;
  const newer = runSynopsis(fakeRun("20261130-000100-000-bbbbbb", [
    { id: "a", statuses: { correct: "pass" } },
    { id: "b", statuses: { correct: "fail" } },
  ]));
  const html = suitePage({
    suite: "s",
    runs: [older, newer],
    runCount: 2,
    primary: "accuracy",
    approvals: [],
    decisions: [],
    strips: [],
    stripRuns: 0,
  });
  const { low, high } = wilsonInterval(1, 2);
  const interval = `${low.toFixed(4)} to ${high.toFixed(4)}`;
  assertEquals(
    [...html.matchAll(/<title>(accuracy [^<]*)<\/title>/g)].map((m) => m[1].split(" · ")[1]),
    ["no interval recorded", `95% interval ${interval}`],
  );
  assertEquals(
    [...html.matchAll(/<td class="num interval">([^<]*)<\/td>/g)].map((m) => m[1]),
    [interval, "-"],
    "the runs table, newest first",
  );
});
