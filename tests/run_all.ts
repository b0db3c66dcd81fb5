/**
 * Installs the product's and the tests' packages from their frozen locks, then runs every test:
 * core's with no permissions at all (its wall), the rest with the flags they declare, then prints
 * one plain summary line, `tests: N passed, N failed`, that CI reads.
 *
 * @module
 */
const DENO = Deno.execPath();

// The tests' own configuration: the product's import map plus the packages only tests import,
// with its own lock and node_modules, so a clone's plain install stays the product's (ADR 0067).
const CONFIG = ["--config", "tests/deno.json"];

interface Batch {
  name: string;
  args: string[];
}

const BATCHES: Batch[] = [
  {
    name: "core (no permissions)",
    args: ["test", ...CONFIG, "--no-prompt", "--doc", "tests/core/", "core/"],
  },
  {
    name: "host, cli, examples and the rest",
    args: [
      "test",
      ...CONFIG,
      "--no-prompt",
      "--allow-read",
      "--allow-write",
      "--allow-run",
      "--allow-net=127.0.0.1",
      "--allow-env",
      "--ignore=tests/core/,tests/cli/report_browser_test.ts,tests/cli/viewer_browser_test.ts",
      "tests/",
    ],
  },
  {
    // playwright-core stats /proc/sys/fs/binfmt_misc/WSLInterop as it loads, and Deno grants
    // /proc only to --allow-all; so the one test that drives Chromium runs alone with it.
    name: "the HTML report and the site in Chromium (playwright-core needs --allow-all)",
    args: [
      "test",
      ...CONFIG,
      "--no-prompt",
      "--allow-all",
      "tests/cli/report_browser_test.ts",
      "tests/cli/viewer_browser_test.ts",
    ],
  },
];

// Both installs first, from their frozen locks: the product's for the CLI the tests start, the
// tests' own for the test files; so a fresh clone's first run fetches each once, up front.
const INSTALLS = [["install", "--frozen"], ["install", "--frozen", ...CONFIG]];

const SUMMARY = /(?:ok|FAILED)\s*\|\s*(\d+) passed(?: \(\d+ steps?\))?\s*\|\s*(\d+) failed/;

for (const args of INSTALLS) {
  console.log(`== deno ${args.join(" ")}`);
  const { code } = await new Deno.Command(DENO, {
    args,
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

let passed = 0;
let failed = 0;
let broken = false;
for (const batch of BATCHES) {
  console.log(`\n== ${batch.name}: deno ${batch.args.join(" ")}`);
  const child = new Deno.Command(DENO, {
    args: batch.args,
    stdout: "piped",
    stderr: "inherit",
    env: { NO_COLOR: "1" },
  }).spawn();
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    Deno.stdout.writeSync(chunk);
    text += decoder.decode(chunk, { stream: true });
  }
  const status = await child.status;
  const match = text.match(SUMMARY);
  if (match === null) {
    broken = true;
    console.log(`== ${batch.name}: no summary line (exit ${status.code}); counted as a failure`);
    failed += 1;
    continue;
  }
  passed += Number(match[1]);
  failed += Number(match[2]);
  if (!status.success && Number(match[2]) === 0) broken = true;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
Deno.exit(failed > 0 || broken ? 1 : 0);
