/**
 * The run-level table of docs/detection.md: bench/detection.ts on every cell of the run-level
 * mixes (a per-run shift of every case's log-odds, SD 0.1 and 0.2, on the bench and mid mixes,
 * N = 200 and 1,000, B = 3, 5 and 10), one process at a time, and one line per cell: plain
 * compare's and `--confirm`'s exit 1 on an unchanged system with their 95% Wilson intervals and
 * trial counts, their exit 2 (the runs too few to judge), and the calls per N. B = 10 is what
 * `promote --repeats 10` records: ten runs and three selection runs (ADR 0124).
 *
 *   deno task bench:detection-run-level                          # 500 and 200 trials a cell
 *   deno task bench:detection-run-level --cycles-200 4000 --cycles-1000 2000
 *   deno task bench:detection-run-level --mixes mid --shifts 0.2 --baseline-runs 10
 *
 * @module
 */
import { parseArgs } from "node:util";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: {
    mixes: { type: "string", default: "bench,mid" },
    shifts: { type: "string", default: "0.1,0.2" },
    sizes: { type: "string", default: "200,1000" },
    "baseline-runs": { type: "string", default: "3,5,10" },
    /** Trials (cycles) a cell at N = 200, and at N = 1,000. */
    "cycles-200": { type: "string", default: "500" },
    "cycles-1000": { type: "string", default: "200" },
    seed: { type: "string", default: "20261207" },
    /** The scenarios each cell runs (bench/detection.ts --scenarios). */
    scenarios: { type: "string", default: "wobble" },
  },
});

const list = (text: string) => text.split(",").filter((x) => x !== "");
const cyclesAt = (n: string) =>
  n === "1000" ? flags["cycles-1000"] : n === "200" ? flags["cycles-200"] : flags["cycles-200"];

const started = performance.now();
console.log(
  `bench/detection_run_level.ts: seed ${flags.seed}; trials ${flags["cycles-200"]} a cell at ` +
    `N = 200, ${flags["cycles-1000"]} at N = 1,000; B = 10 is ten runs and three selection runs`,
);
for (const mix of list(flags.mixes)) {
  for (const shift of list(flags.shifts)) {
    for (const runs of list(flags["baseline-runs"])) {
      for (const n of list(flags.sizes)) {
        const args = [
          "run",
          "--no-prompt",
          "--allow-read",
          new URL("./detection.ts", import.meta.url).pathname,
          "--mix",
          mix,
          "--shift",
          shift,
          "--sizes",
          n,
          "--baseline-runs",
          runs,
          ...(runs === "10" ? ["--selection-runs", "3"] : []),
          "--cycles",
          cyclesAt(n),
          "--seed",
          flags.seed,
          "--scenarios",
          flags.scenarios,
        ];
        const cell = performance.now();
        const output = await new Deno.Command(Deno.execPath(), { args, stderr: "inherit" })
          .output();
        if (!output.success) throw new Error(`bench/detection.ts ${args.join(" ")} failed`);
        const lines = new TextDecoder().decode(output.stdout).split("\n")
          .filter((line) => line.startsWith("cell |"));
        for (const line of lines) {
          console.log(`${line} | ${((performance.now() - cell) / 1000).toFixed(0)} s`);
        }
      }
    }
  }
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
