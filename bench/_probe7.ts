const { executeCases } = await import("../host/driver.ts");
const { openTarget } = await import("../host/targets/mod.ts");
const { buildSuite } = await import("../core/suite.ts");
const { builtinAssertion } = await import("../core/assertions/builtin.ts");
const { BuiltinAssertionSchema } = await import("../core/assertions/definition.ts");
const { CaseSchema } = await import("../core/case.ts");
const { RunSettingsSchema } = await import("../core/target_spec.ts");
const events: [number, string][] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const c = Number(Deno.args[0] ?? 16);
const bareMode = Deno.args[1] === "bare";
const suite = buildSuite({
  name: "p", target: { kind: "function", name: "t", fn: async () => { events.push([performance.now(), "s"]); await sleep(20); events.push([performance.now(), "e"]); return "positive"; } },
  settings: RunSettingsSchema.parse({ concurrency: c, retries: 0 }),
  assertions: [{ name: "correct", kind: "equals" }, { name: "x", kind: "includes", value: "ive" }, { name: "y", kind: "regex", pattern: "^p" }].map((d) => builtinAssertion(BuiltinAssertionSchema.parse(d))),
  aggregates: [],
  cases: Array.from({ length: 1000 }, (_, i) => CaseSchema.parse({ id: `c${i}`, vars: { text: "x" }, expected: "positive" })),
});
for (let k = 0; k < 2; k++) {
events.length = 0;
if (bareMode) {
  let next = 0;
  await Promise.all(Array.from({ length: c }, async () => { while (next < 1000) { next++; events.push([performance.now(), "s"]); await sleep(20); events.push([performance.now(), "e"]); } }));
} else {
  await executeCases(suite, { target: openTarget(suite.target, { suiteDir: "." }) });
}
// batches: group events separated by > 5ms gaps
const batches: [number, string][][] = []; let cur: [number, string][] = [];
for (const ev of events) { if (cur.length && ev[0] - cur[cur.length - 1][0] > 5) { batches.push(cur); cur = []; } cur.push(ev); }
batches.push(cur);
const spans = batches.slice(1, -1).map((b) => b[b.length - 1][0] - b[0][0]);
const ends = batches.slice(1, -1).map((b) => b.filter((e) => e[1] === "e").length);
console.log(bareMode ? "bare" : "driver", "rounds", batches.length, "mean batch span ms", (spans.reduce((a, b) => a + b, 0) / spans.length).toFixed(3), "cases/batch", (ends.reduce((a, b) => a + b, 0) / ends.length).toFixed(1), "µs/case", (spans.reduce((a, b) => a + b, 0) / ends.reduce((a, b) => a + b, 0) * 1000).toFixed(1));
}
