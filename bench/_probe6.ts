const { executeCases } = await import("../host/driver.ts");
const { openTarget } = await import("../host/targets/mod.ts");
const { buildSuite } = await import("../core/suite.ts");
const { builtinAssertion } = await import("../core/assertions/builtin.ts");
const { BuiltinAssertionSchema } = await import("../core/assertions/definition.ts");
const { CaseSchema } = await import("../core/case.ts");
const { RunSettingsSchema } = await import("../core/target_spec.ts");
const sleeps: number[] = [];
let lastEnd = 0;
const gaps: number[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const c = Number(Deno.args[0] ?? 16);
const suite = buildSuite({
  name: "p",
  target: {
    kind: "function",
    name: "t",
    fn: async () => {
      const t0 = performance.now();
      await sleep(20);
      sleeps.push(performance.now() - t0);
      return "positive";
    },
  },
  settings: RunSettingsSchema.parse({ concurrency: c, retries: 0 }),
  assertions: [{ name: "correct", kind: "equals" }, { name: "x", kind: "includes", value: "ive" }, {
    name: "y",
    kind: "regex",
    pattern: "^p",
  }].map((d) => builtinAssertion(BuiltinAssertionSchema.parse(d))),
  aggregates: [],
  cases: Array.from(
    { length: 1000 },
    (_, i) => CaseSchema.parse({ id: `c${i}`, vars: { text: "x" }, expected: "positive" }),
  ),
});
async function bare(n: number) {
  let next = 0;
  const t0 = performance.now();
  const s: number[] = [];
  await Promise.all(Array.from({ length: c }, async () => {
    while (next < n) {
      next++;
      const a = performance.now();
      await sleep(20);
      s.push(performance.now() - a);
    }
  }));
  return [performance.now() - t0, s.reduce((x, y) => x + y) / s.length];
}
const limit = Math.ceil(1000 / c) * 20;
for (let i = 0; i < 3; i++) {
  const [bw, bs] = await bare(1000);
  sleeps.length = 0;
  const t0 = performance.now();
  await executeCases(suite, { target: openTarget(suite.target, { suiteDir: "." }) });
  const w = performance.now() - t0;
  const mean = sleeps.reduce((x, y) => x + y) / sleeps.length;
  console.log(
    `bare ${(bw / limit).toFixed(3)} sleep ${bs.toFixed(2)} | driver ${
      (w / limit).toFixed(3)
    } sleep ${mean.toFixed(2)} max ${Math.max(...sleeps).toFixed(1)}`,
  );
}
