/**
 * Measures what running the system under test in a Worker that writes nothing costs (ADR 0083):
 * N cases answered by a trivial module target called in this process, as `run` did before,
 * against the same target asked of its Worker, at the driver's default concurrency of 8; and
 * the Worker's opening (its import of the module).
 *
 *   deno run --allow-read --allow-write --unstable-worker-options bench/system_worker.ts [--n 20000] [--json]
 *
 * @module
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { callGuarded } from "../host/targets/function.ts";
import { openModuleTarget } from "../host/targets/module.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { n: { type: "string", default: "20000" }, json: { type: "boolean", default: false } },
});
const n = Number(values.n);
const dir = await Deno.makeTempDir({ prefix: "digline-bench-system-" });
const path = join(dir, "system.ts");
await Deno.writeTextFile(
  path,
  "export function answer(vars) { return vars.text.toUpperCase(); }\n",
);

async function answerAll(call: (vars: { text: string }) => Promise<string>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < n) await call({ text: `case ${next++}` });
  }));
  return performance.now() - started;
}

const signal = new AbortController().signal;
const module = await import(pathToFileURL(path).href);
const inProcessMs = await answerAll((vars) =>
  callGuarded(module.answer, vars, { signal, who: "bench" })
);
let started = performance.now();
const target = openModuleTarget({ module: path, export: "answer" }, { suiteDir: dir });
await target.open!();
const openMs = performance.now() - started;
await target.call({ text: "warm" }, { signal });
const workerMs = await answerAll((vars) => target.call(vars, { signal }));
await target.close();
started = performance.now();
await Deno.remove(dir, { recursive: true });

const figures = {
  cases: n,
  in_process_us_per_case: (inProcessMs * 1000) / n,
  worker_us_per_case: (workerMs * 1000) / n,
  in_process_cases_per_s: n / (inProcessMs / 1000),
  worker_cases_per_s: n / (workerMs / 1000),
  ratio: workerMs / inProcessMs,
  worker_open_ms: openMs,
};
if (values.json) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(
    `${n} cases, concurrency 8: in process ${figures.in_process_us_per_case.toFixed(1)} µs/case ` +
      `(${Math.round(figures.in_process_cases_per_s)} cases/s), in the Worker ` +
      `${figures.worker_us_per_case.toFixed(1)} µs/case (${
        Math.round(figures.worker_cases_per_s)
      } cases/s): ${figures.ratio.toFixed(1)} times as long; opening the Worker ` +
      `${figures.worker_open_ms.toFixed(0)} ms`,
  );
}
