const t00 = performance.now();
const { ScoreSchema } = await import("../core/verdict.ts");
let t0 = performance.now();
ScoreSchema.safeParse({ status: "pass" });
console.log("first safeParse ms", (performance.now() - t0).toFixed(2));
t0 = performance.now();
ScoreSchema.safeParse({ status: "fail", reason: "x" });
console.log("second safeParse ms", (performance.now() - t0).toFixed(3));
const { executeCases } = await import("../host/driver.ts");
const { openTarget } = await import("../host/targets/mod.ts");
const { buildSuite } = await import("../core/suite.ts");
const { builtinAssertion } = await import("../core/assertions/builtin.ts");
const { BuiltinAssertionSchema } = await import("../core/assertions/definition.ts");
const { CaseSchema } = await import("../core/case.ts");
const { RunSettingsSchema } = await import("../core/target_spec.ts");
const assertions = [
  { name: "correct", kind: "equals", trim: true, ignore_case: true },
  { name: "says-ive", kind: "includes", value: "ive" },
  { name: "answers", kind: "regex", pattern: "^(positive|negative)$" },
].map((d) => builtinAssertion(BuiltinAssertionSchema.parse(d)));
const mk = (n: number) =>
  buildSuite({
    name: "p",
    target: { kind: "function", name: "t", fn: () => "positive" },
    settings: RunSettingsSchema.parse({ concurrency: 64, retries: 0 }),
    assertions,
    aggregates: [],
    cases: Array.from({ length: n }, (_, i) =>
      CaseSchema.parse({ id: `c${i}`, vars: { text: "x" }, expected: "positive" })),
  });
for (const n of [1, 64, 64, 1000, 1000]) {
  const s = mk(n);
  const target = openTarget(s.target, { suiteDir: "." });
  t0 = performance.now();
  await executeCases(s, { target });
  console.log(n, "cases ms", (performance.now() - t0).toFixed(2));
}
