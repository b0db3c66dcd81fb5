import process from "node:process";
const { executeCases } = await import("../host/driver.ts");
const { openTarget } = await import("../host/targets/mod.ts");
const { buildSuite } = await import("../core/suite.ts");
const { builtinAssertion } = await import("../core/assertions/builtin.ts");
const { BuiltinAssertionSchema } = await import("../core/assertions/definition.ts");
const { CaseSchema } = await import("../core/case.ts");
const { RunSettingsSchema } = await import("../core/target_spec.ts");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const c = Number(Deno.args[0] ?? 16);
const lat = Number(Deno.args[1] ?? 20);
const suite = buildSuite({
  name: "p", target: { kind: "function", name: "t", fn: async () => { if (lat) await sleep(lat); return "positive"; } },
  settings: RunSettingsSchema.parse({ concurrency: c, retries: 0 }),
  assertions: [{ name: "correct", kind: "equals" }, { name: "x", kind: "includes", value: "ive" }, { name: "y", kind: "regex", pattern: "^p" }].map((d) => builtinAssertion(BuiltinAssertionSchema.parse(d))),
  aggregates: [],
  cases: Array.from({ length: 1000 }, (_, i) => CaseSchema.parse({ id: `c${i}`, vars: { text: "x" }, expected: "positive" })),
});
for (let k = 0; k < 3; k++) {
  let u = process.cpuUsage(); let t = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: c }, async () => { while (next < 1000) { next++; if (lat) await sleep(lat); } }));
  let d = process.cpuUsage(u);
  const bare = (d.user + d.system) / 1000; const bw = performance.now() - t;
  u = process.cpuUsage(); t = performance.now();
  await executeCases(suite, { target: openTarget(suite.target, { suiteDir: "." }) });
  d = process.cpuUsage(u);
  const drv = (d.user + d.system) / 1000; const dw = performance.now() - t;
  console.log(`c=${c} lat=${lat}: bare cpu ${bare.toFixed(1)}ms wall ${bw.toFixed(0)} | driver cpu ${drv.toFixed(1)}ms wall ${dw.toFixed(0)} => driver µs/case ${((drv - bare)).toFixed(1)}`);
}
