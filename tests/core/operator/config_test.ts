import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { OperatorConfigSchema, policyDigest, PolicySchema } from "../../../core/operator/config.ts";

function issues(policy: unknown): string[] {
  const parsed = PolicySchema.safeParse(policy);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

Deno.test("a clause that would name payload is refused naming the key", () => {
  for (const key of ["vars", "output", "reason", "artifact"]) {
    const found = issues({ name: "p", hold: [{ name: "c", case: "a", because: "b", [key]: "x" }] });
    ok(found.some((m) => m.startsWith(`"${key}" would name`)), `${key}: ${found}`);
  }
});

Deno.test("any other key in a clause is refused with a sentence naming it", () => {
  const found = issues({ name: "p", hold: [{ name: "c", case: "a", because: "b", wake: true }] });
  ok(found.some((m) => m.startsWith('"wake" is not a key of a hold clause')), String(found));
});

Deno.test("a clause names exactly one of case, assertion, assertion_id, aggregate, verdict", () => {
  ok(
    issues({ name: "p", hold: [{ name: "c", because: "b" }] }).some((m) =>
      m.includes("names nothing")
    ),
  );
  ok(
    issues({ name: "p", hold: [{ name: "c", case: "a", verdict: "drift", because: "b" }] })
      .some((m) => m.includes("names case and verdict")),
  );
  assertEquals(issues({ name: "p", hold: [{ name: "c", case: "a", because: "b" }] }), []);
});

Deno.test("the policy digest ignores key order and moves when a value changes", () => {
  const a = PolicySchema.parse({
    name: "p",
    hold: [{ name: "c", case: "a", max_cycles: 3, because: "flaky" }],
  });
  const b = PolicySchema.parse({
    hold: [{ because: "flaky", max_cycles: 3, case: "a", name: "c" }],
    name: "p",
  });
  const c = PolicySchema.parse({
    name: "p",
    hold: [{ name: "c", case: "a", max_cycles: 4, because: "flaky" }],
  });
  assertEquals(policyDigest(a), policyDigest(b));
  ok(policyDigest(a) !== policyDigest(c));
  ok(/^[0-9a-f]{16}$/.test(policyDigest(a) ?? ""));
  assertEquals(policyDigest(undefined), null);
});

Deno.test("quiet hours need a real time zone and times of day", () => {
  ok(
    issues({ name: "p", quiet_hours: { from: "22:00", to: "06:00", tz: "Mars/Olympus" } }).length >
      0,
  );
  ok(issues({ name: "p", quiet_hours: { from: "25:00", to: "06:00", tz: "UTC" } }).length > 0);
  assertEquals(
    issues({ name: "p", quiet_hours: { from: "22:00", to: "06:00", tz: "Europe/Rome" } }),
    [],
  );
});

Deno.test("operator.toml's own keys are validated too", () => {
  ok(
    !OperatorConfigSchema.safeParse({
      suite: "s",
      cadence: "daily",
      max_reruns: -1,
      structural_flip_cases: 1,
      budget: 1,
    }).success,
  );
  ok(
    !OperatorConfigSchema.safeParse({
      suite: "s",
      cadence: "daily",
      max_reruns: 1,
      structural_flip_cases: 1,
      budget: 1,
      extra: 1,
    }).success,
  );
});
