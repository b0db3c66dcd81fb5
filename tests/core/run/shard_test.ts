import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import type { Case } from "../../../core/suite/case.ts";
import { mergeShards, ShardsRefusedError } from "../../../core/run/merge_shards.ts";
import type { CaseResult, RunDocument } from "../../../core/run/run_document.ts";
import { parseShardSpec, shardOf, ShardSpecError } from "../../../core/run/shard_spec.ts";

Deno.test("shardOf spreads 10,000 ids over 8 shards within 10% of even", () => {
  const counts = new Array(8).fill(0);
  for (let i = 0; i < 10_000; i++) counts[shardOf(`case-${i}`, 8) - 1]++;
  for (const n of counts) ok(Math.abs(n - 1250) < 125, `shard sizes ${counts}`);
});

Deno.test("shardOf depends on the id alone: the same id, the same shard, whatever else exists", () => {
  const before = ["a", "b", "c", "d"].map((id) => shardOf(id, 3));
  assertEquals(["a", "b", "c", "d"].map((id) => shardOf(id, 3)), before);
  ok(before.every((k) => k >= 1 && k <= 3));
});

Deno.test("parseShardSpec refuses what does not name a shard", () => {
  assertEquals(parseShardSpec("4/4"), { index: 4, count: 4 });
  for (const bad of ["0/4", "5/4", "1/0", "a/4", "1-4", "", "1/1001"]) {
    throws(() => parseShardSpec(bad), ShardSpecError, bad);
  }
});

const correct = customAssertion({ name: "correct", check: () => true });
const cases: Case[] = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i}`,
  vars: {},
  kind: i === 0 ? "suspended" : "normal",
  ...(i === 0 ? { reason: "set aside" } : {}),
}));
const asked = {
  name: "s",
  cases_digest: "aaaaaaaaaaaaaaaa",
  config_hash: "bbbbbbbbbbbbbbbb",
  cases,
  assertions: [correct],
};

function shardRun(index: number, count: number): RunDocument {
  const mine = cases.filter((c) => shardOf(c.id, count) === index);
  const results: CaseResult[] = mine.map((c) => ({
    case_id: c.id,
    kind: c.kind,
    verdicts: c.kind === "suspended" ? [] : [
      { assertion_id: correct.id, assertion: "correct", status: "pass", metadata: {} },
    ],
    latency_ms: 1,
    attempts: 1,
  }));
  return {
    schema_version: 1,
    run_id: `20261130-000000-00${index}-00000${index}`,
    tenant: "default",
    suite: {
      name: "s",
      cases_digest: asked.cases_digest,
      config_hash: asked.config_hash,
      source: "s",
    },
    target: { kind: "function", name: "t" },
    git_commit: null,
    started_at: "2026-11-30T00:00:00.000Z",
    finished_at: "2026-11-30T00:00:01.000Z",
    assertions: [{ id: correct.id, name: "correct", kind: "custom" }],
    cases: results,
    figures: [],
    shard: { index, count, cases: mine.map((c) => c.id) },
  };
}

Deno.test("mergeShards answers every declared case once, in the suite's order", () => {
  const merged = mergeShards(asked, [shardRun(3, 3), shardRun(1, 3), shardRun(2, 3)]);
  assertEquals(merged.cases.map((c) => c.case_id), cases.map((c) => c.id));
  assertEquals(merged.missing, []);
  assertEquals(merged.runs.map((r) => r.shard!.index), [1, 2, 3]);
});

Deno.test("a missing shard's cases get shard-missing verdicts; its suspended case stays suspended", () => {
  const home = shardOf("c0", 3);
  const given = [1, 2, 3].filter((k) => k !== home).map((k) => shardRun(k, 3));
  const merged = mergeShards(asked, given);
  const lost = cases.filter((c) => shardOf(c.id, 3) === home).map((c) => c.id);
  assertEquals(merged.missing, [{ index: home, count: 3, cases: lost }]);
  for (const result of merged.cases) {
    if (result.case_id === "c0") {
      assertEquals([result.kind, result.verdicts, result.suspended_reason], [
        "suspended",
        [],
        "set aside",
      ]);
    } else if (lost.includes(result.case_id)) {
      assertEquals(result.verdicts.map((v) => [v.status, v.metadata.cause]), [
        ["error", "shard-missing"],
      ]);
    } else {
      assertEquals(result.verdicts.map((v) => v.status), ["pass"]);
    }
  }
});

Deno.test("mergeShards refuses a run that answers a case of another shard", () => {
  const one = shardRun(1, 3);
  const stray = shardRun(2, 3).cases[0];
  throws(
    () => mergeShards(asked, [{ ...one, cases: [...one.cases, stray] }]),
    (e: unknown) => e instanceof ShardsRefusedError && /belongs to shard 2\/3/.test(e.message),
  );
});
