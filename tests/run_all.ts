/**
 * Installs the product's and the tests' packages from their frozen locks, type-checks the tests
 * once, then runs every test file in a process of its own behind its wall (tests/runner/
 * test_plan.ts), a few at a time, longest first; prints a line as each file ends, the whole output
 * of any that failed, and last one plain summary line, `tests: N passed, N failed`, that CI reads.
 *
 * `--jobs N` (or DIGLINE_TEST_JOBS) sets how many files run at once; the default is two more than
 * the machine's cores, since most files spend part of their time waiting on the processes they
 * start (three at a time kept two cores 82% busy).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { CONFIG, type TestJob, testJobs } from "./runner/test_plan.ts";
import { type JobResult, runPool } from "./runner/pool.ts";

const DENO = Deno.execPath();
/** The summary line `deno test` ends with. */
const SUMMARY = /(?:ok|FAILED)\s*\|\s*(\d+) passed(?: \(\d+ steps?\))?\s*\|\s*(\d+) failed/;
const ROOT = new URL("..", import.meta.url).pathname;

const { values } = parseArgs({
  args: Deno.args,
  options: { jobs: { type: "string" } },
});
const jobsAsked = values.jobs ?? Deno.env.get("DIGLINE_TEST_JOBS");
const concurrency = jobsAsked === undefined
  ? navigator.hardwareConcurrency + 2
  : Number.parseInt(jobsAsked, 10);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.log(`--jobs ${jobsAsked}: give a whole number of test processes, 1 or more`);
  Deno.exit(64);
}

// Both installs first, from their frozen locks: the product's for the CLI the tests start, the
// tests' own for the test files; so a fresh clone's first run fetches each once, up front.
const INSTALLS = [["install", "--frozen"], ["install", "--frozen", ...CONFIG]];
for (const args of INSTALLS) {
  console.log(`== deno ${args.join(" ")}`);
  const { code } = await new Deno.Command(DENO, {
    args,
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
    env: { NO_COLOR: "1" },
  }).output();
  if (code !== 0) {
    console.log(`== deno ${args.join(" ")} failed (exit ${code}); no test ran`);
    console.log("\ntests: 0 passed, 1 failed");
    Deno.exit(1);
  }
}

// The files run with --no-check, so their types are checked here, once, with the very command
// .ci/run uses (whose cache then answers at once).
const TYPE_CHECK: TestJob = {
  label: "deno check the tests (each file then runs with --no-check)",
  args: ["check", "--frozen", ...CONFIG, "tests/"],
  weight: Infinity,
};

// The browser tests need a Chromium the packages do not bring: said in one line, and counted.
const CHROMIUM = "/usr/bin/chromium";
const chromiumThere = await Deno.stat(CHROMIUM).then(() => true, () => false);
const all = testJobs(ROOT);
const browser = all.filter((job) => job.args.includes("--allow-all"));
const jobs = [TYPE_CHECK, ...(chromiumThere ? all : all.filter((job) => !browser.includes(job)))];
let failed = 0;
if (!chromiumThere) {
  console.log(
    `== Chromium is missing at ${CHROMIUM}: install it (sudo apt-get install -y chromium) and run again; ${browser.length} browser test files counted as failures`,
  );
  failed += browser.length;
}

console.log(`== ${jobs.length} test processes, ${concurrency} at a time`);
const started = performance.now();
const results = await runPool(jobs, {
  deno: DENO,
  cwd: ROOT,
  concurrency,
  onDone: (result) => console.log(progressLine(result)),
});

let passed = 0;
for (const result of results) {
  if (result.job === TYPE_CHECK) {
    if (result.code !== 0) failed += 1;
    continue;
  }
  const match = result.text.match(SUMMARY);
  if (match === null) {
    failed += 1;
    continue;
  }
  passed += Number(match[1]);
  // A file whose process failed with no failed test (an uncaught error, a leak) counts once.
  failed += Number(match[2]) > 0 ? Number(match[2]) : result.code !== 0 ? 1 : 0;
}

const failures = results.filter((result) => result.code !== 0);
for (const result of failures) {
  console.log(
    `\n== ${result.job.label} failed (exit ${result.code}): deno ${result.job.args.join(" ")}`,
  );
  console.log(result.text);
}
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
console.log(
  `\n== ${((performance.now() - started) / 1000).toFixed(0)} s in all; slowest: ${
    slowest.map((r) => `${r.job.label} ${r.seconds.toFixed(0)} s`).join(", ")
  }`,
);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
Deno.exit(failed > 0 ? 1 : 0);

/** One line for a finished process: how it ended, what it counted, how long it took. */
function progressLine(result: JobResult): string {
  const match = result.text.match(SUMMARY);
  const counts = match === null ? "no summary line" : `${match[1]} passed, ${match[2]} failed`;
  const mark = result.code === 0 ? "ok    " : "FAILED";
  const counted = result.job === TYPE_CHECK ? "" : `  ${counts}`;
  return `${mark} ${result.job.label}${counted}  (${result.seconds.toFixed(1)} s)`;
}
