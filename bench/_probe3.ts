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
const suite = buildSuite({
  name: "p",
  target: { kind: "function", name: "t", fn: () => "positive" },
  settings: RunSettingsSchema.parse({ concurrency: 64, retries: 0 }),
  assertions,
  aggregates: [],
  cases: Array.from(
    { length: 5000 },
    (_, i) => CaseSchema.parse({ id: `c${i}`, vars: { text: "x" }, expected: "positive" }),
  ),
});
const target = openTarget(suite.target, { suiteDir: "." });
const times: number[] = [];
for (let i = 0; i < 15; i++) {
  const t0 = performance.now();
  await executeCases(suite, { target });
  times.push((performance.now() - t0) / 5000 * 1000);
}
console.log(
  "first",
  times[0].toFixed(2),
  "median µs/case",
  times.sort((a, b) => a - b)[7].toFixed(2),
);
// pieces
const c = suite.cases[0];
function t(name: string, fn: () => unknown) {
  for (let i = 0; i < 20000; i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < 20000; i++) fn();
  console.log(name, ((performance.now() - t0) / 20000 * 1000).toFixed(2));
}
t("3 checks", () => {
  for (const a of assertions) a.check({ output: "positive", testCase: c });
});
