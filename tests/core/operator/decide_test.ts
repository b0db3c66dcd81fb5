import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { decide } from "../../../core/operator/decide.ts";
import { config, cycle, flip } from "./_cycles.ts";

const flaky = {
  name: "nightly",
  hold: [{ name: "flaky-refund", case: "refund-window", because: "wobbles on its own" }],
};

Deno.test("without a policy the classification's own escalation stands and no clause is cited", () => {
  const plain = config();
  for (
    const [classification, escalate] of [["drift", true], ["wobble", false], ["steady", false], [
      "structural",
      true,
    ], ["system-error", true]] as const
  ) {
    const decision = decide(cycle({ ruledBy: plain, classification }), {
      config: plain,
      history: [],
    });
    assertEquals([decision.escalate, decision.clause], [escalate, null], classification);
  }
});

Deno.test("a hold cites the clause that covered the cycle", () => {
  const ruled = config(flaky);
  const decision = decide(cycle({ ruledBy: ruled }), { config: ruled, history: [] });
  assertEquals(decision.escalate, false);
  assertEquals(decision.clause, "flaky-refund");
  match(decision.reason, /held by clause "flaky-refund": wobbles on its own/);
  assertEquals(decision.facts, ["refund-window · correct"]);
});

Deno.test("a clause that does not cover every fact does not hold", () => {
  const ruled = config(flaky);
  const two = cycle({ ruledBy: ruled, flips: [flip("refund-window"), flip("other")] });
  const decision = decide(two, { config: ruled, history: [] });
  assertEquals([decision.escalate, decision.clause], [true, null]);
});

Deno.test("a policy only holds, never wakes", () => {
  const ruled = config({
    name: "p",
    hold: [{ name: "all-wobble", verdict: "wobble", because: "x" }],
  });
  const decision = decide(cycle({ ruledBy: ruled, classification: "wobble" }), {
    config: ruled,
    history: [],
  });
  assertEquals([decision.escalate, decision.clause], [false, null]);
});

Deno.test("a moved canary can not be held, and the refusal names the floor", () => {
  const ruled = config(flaky);
  const decision = decide(cycle({ ruledBy: ruled, canary_moved: ["which-model · correct"] }), {
    config: ruled,
    history: [],
  });
  assertEquals([decision.escalate, decision.clause, decision.floor], [true, null, "canary"]);
  match(
    decision.reason,
    /clause "flaky-refund" would hold it, but a moved canary .* always wakes \(floor: canary\)/,
  );
});

Deno.test("a run that exited 2 can not be held", () => {
  const ruled = config({
    name: "p",
    hold: [{ name: "errors", verdict: "system-error", because: "x" }],
  });
  const decision = decide(cycle({ ruledBy: ruled, classification: "system-error", exit_code: 2 }), {
    config: ruled,
    history: [],
  });
  assertEquals([decision.escalate, decision.floor], [true, "exit-2"]);
  match(decision.reason, /\(floor: exit-2\)/);
});

Deno.test("max_reruns raised after the cycle began can not be held", () => {
  const ruled = config(flaky);
  const raised = config(flaky, { max_reruns: 5 });
  const decision = decide(cycle({ ruledBy: ruled }), { config: raised, history: [] });
  assertEquals([decision.escalate, decision.floor], [true, "max-reruns"]);
  match(decision.reason, /max_reruns was raised after the cycle began \(2 → 5\)/);
});

Deno.test("a policy that moved between the cycle and the decision is not consulted", () => {
  const ruled = config(flaky);
  const edited = config({ ...flaky, name: "nightly-2" });
  const decision = decide(cycle({ ruledBy: ruled }), { config: edited, history: [] });
  assertEquals([decision.escalate, decision.clause, decision.policy_moved], [true, null, true]);
  match(decision.reason, /^policy-moved: /);
});

Deno.test("a clause stops holding after max_cycles consecutive holds", () => {
  const limited = config({
    name: "p",
    hold: [{ name: "flaky-refund", case: "refund-window", max_cycles: 2, because: "x" }],
  });
  const c = cycle({ ruledBy: limited });
  const held = { clause: "flaky-refund", escalate: false };
  assertEquals(decide(c, { config: limited, history: [held] }).clause, "flaky-refund");
  const third = decide(c, { config: limited, history: [held, held] });
  assertEquals([third.escalate, third.clause], [true, null]);
  match(third.reason, /has held it for its max_cycles \(2\)/);
});

Deno.test("quiet hours hold a wake no clause covered, and the window is recorded", () => {
  const quiet = config({
    name: "p",
    quiet_hours: { from: "22:00", to: "06:00", tz: "Europe/Rome" },
  });
  const night = decide(cycle({ ruledBy: quiet, evaluated_at: "2026-11-30T02:00:00.000Z" }), {
    config: quiet,
    history: [],
  });
  assertEquals([night.escalate, night.clause, night.in_quiet_hours], [false, "quiet_hours", true]);
  assertEquals(night.evaluated_local, "2026-11-30 03:00 Europe/Rome");
  const day = decide(cycle({ ruledBy: quiet, evaluated_at: "2026-11-30T12:00:00.000Z" }), {
    config: quiet,
    history: [],
  });
  assertEquals([day.escalate, day.in_quiet_hours], [true, false]);
});
