/**
 * Measures what bounding regex checks costs: N outputs tested by one regex check on the main
 * thread (V8 directly, unbounded), in V8's linear-time engine (bounded, when Deno runs with
 * --v8-flags=--enable-experimental-regexp-engine as the digline task does) and through the
 * Worker pool that stops it at timeout_ms, at the driver's default concurrency of 8.
 *
 *   deno run --allow-read --v8-flags=--enable-experimental-regexp-engine bench/regex_bound.ts [--n 5000]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { linearRegex } from "../host/checks/linear_regex.ts";
import { openRegexPool } from "../host/checks/regex_pool.ts";

const { values } = parseArgs({ options: { n: { type: "string", default: "5000" } } });
const n = Number(values.n);
const pattern = "^(positive|negative)$";
const outputs = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? "neutral" : "positive"));

let started = performance.now();
const direct = new RegExp(pattern);
let matched = 0;
for (const text of outputs) if (direct.test(text)) matched++;
const directMs = performance.now() - started;

const linear = linearRegex(pattern, "");
started = performance.now();
let linearMatched = 0;
if (linear !== undefined) { for (const text of outputs) if (linear.test(text)) linearMatched++; }
const linearMs = performance.now() - started;
if (linear !== undefined && linearMatched !== matched) throw new Error("the engines disagree");

const pool = openRegexPool();
await pool.test({ pattern, flags: "" }, { text: "warm", timeoutMs: 30_000 });
started = performance.now();
let next = 0;
let pooled = 0;
await Promise.all(Array.from({ length: 8 }, async () => {
  while (next < outputs.length) {
    const text = outputs[next++];
    const answer = await pool.test({ pattern, flags: "" }, { text, timeoutMs: 30_000 });
    if ("matched" in answer && answer.matched) pooled++;
  }
}));
const pooledMs = performance.now() - started;
pool.close();
if (pooled !== matched) throw new Error(`the pool answered ${pooled} matches, V8 ${matched}`);

console.log(`regex checks: ${n} outputs, 8 in flight`);
console.log(`  main thread (unbounded): ${(directMs * 1000 / n).toFixed(2)} µs per check`);
console.log(
  linear === undefined
    ? "  linear engine:           not available (run with --v8-flags=--enable-experimental-regexp-engine)"
    : `  linear engine (bounded): ${(linearMs * 1000 / n).toFixed(2)} µs per check`,
);
console.log(`  worker pool (bounded):   ${(pooledMs * 1000 / n).toFixed(2)} µs per check`);
