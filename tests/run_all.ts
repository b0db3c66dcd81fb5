/**
 * Installs the product's and the tests' packages from their frozen locks, type-checks the tests
 * once, then runs every test file in a process of its own behind its wall (tests/runner/
 * test_plan.ts), a few at a time, longest first; prints a line as each file ends, the whole output
 * of any that failed, and last one plain summary line, `tests: N passed, N failed`, that CI reads.
 *
 * `--jobs N` (or DIGLINE_TEST_JOBS) sets how many files run at once; the default is two more than
 * the machine's cores, since most files spend part of their time waiting on the processes they
 * start (three at a time kept two cores 82% busy). Test files or folders named after the options
 * (`deno task test tests/cli/report_browser_test.ts`) run alone, each behind its own wall, after a
 * type check of just them.
 *
 * The browser tests need a Chromium no package brings: where it is missing they are skipped, in
 * one line that says how to get them, except under CI (CI=true), where they run and fail
 * (tests/runner/browser.ts).
 *
 * @module
 */
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { browserSkip, HOW_TO_GET_CHROMIUM } from "./runner/browser.ts";
import { CONFIG, jobsNamed, type TestJob, testJobs } from "./runner/test_plan.ts";
import { type JobResult, runPool } from "./runner/pool.ts";

const DENO = Deno.execPath();
/** The summary line `deno test` ends with. */
const SUMMARY = /(?:ok|FAILED)\s*\|\s*(\d+) passed(?: \(\d+ steps?\))?\s*\|\s*(\d+) failed/;
const ROOT = new URL("..", import.meta.url).pathname;

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: { jobs: { type: "string" } },
  allowPositionals: true,
});
// Paths named from the repository's root, as `deno task` runs there: `tests/...`, `./tests/...`.
const named = positionals.map((path) => relative(ROOT, resolve(ROOT, path)));
const { jobs: chosen, unmatched } = jobsNamed(testJobs(ROOT), named);
if (unmatched.length > 0) {
  console.log(
    `${unmatched[0]}: no test file under tests/ is, or is in, it; name one from the root`,
  );
  Deno.exit(64);
}
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
// .ci/run uses (whose cache then answers at once); the files named, when some are.
const TYPE_CHECK: TestJob = {
  label: "deno check the tests (each file then runs with --no-check)",
  args: ["check", "--frozen", ...CONFIG, ...(named.length === 0 ? ["tests/"] : named)],
  weight: Infinity,
};

// The browser tests (the files run with --allow-all) need a Chromium the packages do not bring.
const skip = browserSkip();
const browser = chosen.filter((job) => job.args.includes("--allow-all"));
const jobs = [TYPE_CHECK, ...chosen.filter((job) => skip === undefined || !browser.includes(job))];
let failed = 0;

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
if (skip !== undefined && browser.length > 0) {
  console.log(
    `\n== ${skip}: ${browser.length} browser test file${
      browser.length === 1 ? "" : "s"
    } skipped; to run them, ${HOW_TO_GET_CHROMIUM} (under CI, CI=true, they run)`,
  );
}
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
