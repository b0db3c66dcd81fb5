/**
 * Measures what running custom checks in a Worker with no permissions costs (ADR 0061):
 *
 * - per case: N outputs judged by one custom check called in this process, against the same
 *   check asked of the sandbox, at the driver's default concurrency of 8;
 * - per command: the median wall time of `digline run` of a one-case code-form suite whose
 *   check is custom (the sandbox starts and imports the suite again) against the same suite
 *   with the built-in `includes` (no sandbox).
 *
 *   deno run --allow-read --allow-write --allow-run --unstable-worker-options bench/check_sandbox.ts [--n 5000] [--runs 5] [--json]
 *
 * @module
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { REPOSITORY_ROOT, taskFlags } from "../tools/task_flags.ts";
import { openCheckSandbox } from "../host/checks/sandbox.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    n: { type: "string", default: "5000" },
    runs: { type: "string", default: "5" },
    json: { type: "boolean", default: false },
  },
});
const n = Number(values.n);
const runs = Number(values.runs);
const dir = await Deno.makeTempDir({ prefix: "digline-bench-sandbox-" });

function suiteText(check: string): string {
  return `import { custom, defineSuite, includes } from ${
    JSON.stringify(pathToFileURL(join(REPOSITORY_ROOT, "mod.ts")).href)
  };
export const suite = defineSuite({
  name: "bench",
  target: () => "positive",
  assertions: [${check}],
  cases: [{ id: "a" }],
});
`;
}
const CUSTOM = 'custom({ name: "short", check: ({ output }) => output.length < 20 })';
await Deno.writeTextFile(join(dir, "custom.ts"), suiteText(CUSTOM));
await Deno.writeTextFile(
  join(dir, "builtin.ts"),
  suiteText('includes({ name: "short", value: "pos" })'),
);

const outputs = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? "neutral" : "positive"));
const testCase = { id: "a", kind: "normal", vars: {} };
const moduleUrl = pathToFileURL(join(dir, "custom.ts")).href;
const module = await import(moduleUrl);
const assertion = module.suite.assertions[0];

async function judgeAll(check: (output: string) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < outputs.length) await check(outputs[next++]);
  }));
  return performance.now() - started;
}

const inProcessMs = await judgeAll(async (output) => await assertion.check({ output, testCase }));
let started = performance.now();
const sandbox = await openCheckSandbox(moduleUrl, { source: "custom.ts", loadTimeoutMs: 30_000 });
const openMs = performance.now() - started;
await sandbox.check(assertion.id, { input: { output: "warm", testCase }, timeoutMs: 30_000 });
const sandboxMs = await judgeAll((output) =>
  sandbox.check(assertion.id, { input: { output, testCase }, timeoutMs: 30_000 })
);
sandbox.close();

async function medianRunMs(suite: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    started = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        join(REPOSITORY_ROOT, "deno.json"),
        ...taskFlags("digline", "cli/main.ts"),
        join(REPOSITORY_ROOT, "cli", "main.ts"),
        "run",
        suite,
      ],
      cwd: dir,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
    // The first run fills caches; it is not counted.
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
const builtinRunMs = await medianRunMs("builtin.ts");
const customRunMs = await medianRunMs("custom.ts");
await Deno.remove(dir, { recursive: true });

const figures = {
  n,
  in_process_us_per_case: round(inProcessMs * 1000 / n),
  sandbox_us_per_case: round(sandboxMs * 1000 / n),
  per_case_ratio: round(sandboxMs / inProcessMs),
  sandbox_open_ms: round(openMs),
  runs,
  run_builtin_ms: round(builtinRunMs),
  run_custom_sandboxed_ms: round(customRunMs),
  per_command_ratio: round(customRunMs / builtinRunMs),
};
if (values.json) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(
    `per case (${n} outputs, concurrency 8): in process ${figures.in_process_us_per_case} µs, ` +
      `sandboxed ${figures.sandbox_us_per_case} µs (${figures.per_case_ratio}×)`,
  );
  console.log(
    `per command (median of ${runs}): digline run with a built-in check ${figures.run_builtin_ms} ms, ` +
      `with a sandboxed custom check ${figures.run_custom_sandboxed_ms} ms ` +
      `(${figures.per_command_ratio}×; opening the sandbox alone ${figures.sandbox_open_ms} ms)`,
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
