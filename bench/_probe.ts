// Floor: a bare pool of 64 workers over 1000 items, each awaiting setTimeout(20).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function pool(n: number, c: number) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: c }, async () => {
    while (next < n) {
      next++;
      await sleep(20);
    }
  }));
  return performance.now() - t0;
}
for (let i = 0; i < 4; i++) {
  const w = await pool(1000, 64);
  console.log("bare pool 1000x64", w.toFixed(1), (w / 320).toFixed(3));
}
const { executeCases } = await import("../host/driver.ts");
const { openTarget } = await import("../host/targets/mod.ts");
const { buildSuite } = await import("../core/suite.ts");
const { builtinAssertion } = await import("../core/assertions/builtin.ts");
const { BuiltinAssertionSchema } = await import("../core/assertions/definition.ts");
const { CaseSchema } = await import("../core/case.ts");
const { RunSettingsSchema } = await import("../core/target_spec.ts");
const suite = buildSuite({
  name: "p",
  target: {
    kind: "function",
    name: "t",
    fn: async () => {
      await sleep(20);
      return "positive";
    },
  },
  settings: RunSettingsSchema.parse({ concurrency: 64, retries: 0 }),
  assertions: [
    builtinAssertion(BuiltinAssertionSchema.parse({ name: "a", kind: "regex", pattern: "^p" })),
  ],
  aggregates: [],
  cases: Array.from(
    { length: 1000 },
    (_, i) => CaseSchema.parse({ id: `c${i}`, vars: { text: "x" } }),
  ),
});
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  await executeCases(suite, { target: openTarget(suite.target, { suiteDir: "." }) });
  const w = performance.now() - t0;
  console.log("driver 1000x64", w.toFixed(1), (w / 320).toFixed(3));
}
